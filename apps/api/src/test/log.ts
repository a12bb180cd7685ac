import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Level } from 'pino';
import { createLogger } from '../app';

/** One line of the shop's JSON log: pino's fields and whatever the line carries. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The shop's own log (`createLogger`: its JSON lines, its error serializer) written into `lines`
 * as it is written, for a test that reads what the shop logs: `createTestApp({ log })`, then
 * `lines.filter((line) => line.msg === '…')`. `text` holds the same lines as written, for a test
 * that looks for words anywhere in a line (a value that must not be logged).
 */
export function logLines<Line extends LogLine = LogLine>(level: Level = 'info'): { log: FastifyBaseLogger; lines: Line[]; text: string[] } {
  const lines: Line[] = [];
  const text: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        text.push(line);
        lines.push(JSON.parse(line) as Line);
      }
      done();
    },
  });
  return { log: createLogger({ logLevel: level, logFormat: 'json' }, sink), lines, text };
}
