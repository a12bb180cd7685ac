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
  await queryOnce(serverUrl, statement);
}

/**
 * One statement on a connection of its own, closed after. A server restarted or stopped under it
 * ends the connection with a FATAL error (57P01): that is the statement's rejection, and the
 * client's own 'error' event is listened to, or it would be an uncaught exception in the test run.
 */
export async function queryOnce<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
