import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './database';
import { generateDemoCatalogue } from './demo-catalogue';

const demoParts = generateDemoCatalogue().parts;

// A file of its own so that it runs beside the other database tests: a new DATA_DIR starts slowly.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-durability-'));
const writer = path.join(import.meta.dirname, '../test/insert-reviews.ts');
let child: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  // Only if the test failed half-way: the writer never stops by itself.
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every committed row of the embedded database when its process is killed with SIGKILL', {
  timeout: 90_000,
}, async () => {
  const commitsBeforeKill = 25;
  child = spawn(process.execPath, ['--import', 'tsx', writer, dataDir]);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child?.once('exit', (code, signal) => resolve(signal ?? code)),
  );

  const committed: number[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    committed.push(Number(line));
    if (committed.length === commitsBeforeKill) {
      child.kill('SIGKILL');
      break;
    }
  }
  expect(await exited, stderr).toBe('SIGKILL');
  expect(committed).toEqual(Array.from({ length: commitsBeforeKill }, (_, i) => i + 1));
  // The dead writer's lock is still there: opening must take it over, then recover the data.
  expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(child.pid));

  const reopened = await openDatabase({ dataDir });
  try {
    const rows = await reopened.db
      .selectFrom('reviews')
      .select('email')
      .where('email', 'like', 'crash-%')
      .execute();
    const stored = new Set(rows.map((row) => row.email));
    for (const n of committed) expect(stored, `review ${n}`).toContain(`crash-${n}@example.com`);
    // Nothing was seeded again on top of the crashed database either.
    const parts = await reopened.db.selectFrom('parts').select('id').execute();
    expect(parts).toHaveLength(demoParts.length);
  } finally {
    await reopened.close();
  }
});
