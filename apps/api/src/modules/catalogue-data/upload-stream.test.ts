import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unpacked } from './upload-stream';

const MB = 1024 * 1024;
/** `bytes` as the stored upload hands them on: a row of a megabyte at a time. */
const stored = (bytes: Buffer) => Readable.from((function* () {
  for (let from = 0; from < bytes.length; from += MB) yield bytes.subarray(from, from + MB);
})());

/** Takes `count` pieces of `file` and answers the bytes read then; then the rest, and the bytes read at the end. */
async function readIn(file: Readable, bytesRead: () => number, count: number): Promise<{ partway: number; atEnd: number; length: number }> {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let length = 0;
  for (let taken = 0; taken < count; taken += 1) length += ((await iterator.next()).value as Buffer).length;
  const partway = bytesRead();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) length += next.value.length;
  return { partway, atEnd: bytesRead(), length };
}

describe('the bytes of an upload read (decision 154)', () => {
  it('counts a plain file by the bytes its reader took, a chunk ahead at most', async () => {
    const bytes = randomBytes(8 * MB);
    const { file, bytesRead } = await unpacked(stored(bytes));
    const { partway, atEnd, length } = await readIn(file, bytesRead, 3);
    expect(partway).toBeGreaterThanOrEqual(3 * MB);
    expect(partway).toBeLessThanOrEqual(5 * MB);
    expect(atEnd).toBe(bytes.length);
    expect(length).toBe(bytes.length);
  });

  it('counts a gzip file by its packed bytes unpacked so far, of its size uploaded', async () => {
    // Half random (it packs to about its size), so that the packed file is several chunks.
    const plain = Buffer.concat(Array.from({ length: 16 }, (_, index) => (index % 2 ? randomBytes(MB) : Buffer.alloc(MB, 'a'))));
    const packed = gzipSync(plain);
    expect(packed.length).toBeGreaterThan(6 * MB);
    const { file, bytesRead } = await unpacked(stored(packed));
    const { partway, atEnd, length } = await readIn(file, bytesRead, 2);
    expect(partway).toBeGreaterThan(0);
    expect(partway).toBeLessThan(packed.length / 2);
    expect(atEnd).toBe(packed.length);
    expect(length).toBe(plain.length);
  });
});
