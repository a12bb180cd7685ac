import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A uniquely named database on the server of `serverUrl`, for one test file: empty, or a copy of
 * the database `template` (which no connection may be open on meanwhile).
 */
export async function createScratchDatabase(serverUrl: string, template?: string) {
  // Test files run in parallel workers against one server: the name must never collide.
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
