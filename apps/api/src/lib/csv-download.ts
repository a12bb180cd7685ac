import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachment } from './content-disposition';

/** A CSV file to download (streamed as it is written, or whole), named `fileName` as a PDF's download is. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable | string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}
