import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodedFor, storedReply, type StoredReply } from './stored-reply';

const asking = (encoding: string) => ({ headers: { 'accept-encoding': encoding } }) as FastifyRequest;

describe('a stored reply', () => {
  it('keeps its body and compressed forms in memory of their own size', () => {
    const body = (n: number) => JSON.stringify({ n, items: Array.from({ length: 40 }, (_, i) => ({ id: `${n}-${i}`, name: `Part ${n} ${i}` })) });
    const kept: StoredReply[] = [];
    for (let n = 0; n < 1_000; n++) {
      const stored = storedReply(body(n), 'application/json');
      encodedFor(asking('br'), stored);
      encodedFor(asking('gzip'), stored);
      kept.push(stored);
    }
    // The memory they hold on to: every ArrayBuffer under them, each once. As views of Node's
    // shared 64 KB blocks, which zlib's output chunks fill between them, they held 667 blocks
    // (43 MB) for 1.7 MB of bytes.
    const forms = kept.flatMap((stored) => [stored.body, stored.br, stored.gzip]);
    expect(forms.every((form) => form !== undefined && form.length < 2_000)).toBe(true);
    const held = [...new Set(forms.map((form) => form!.buffer))].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(held).toBeLessThan(4 * 2 ** 20);
  });
});
