import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachment } from './content-disposition';

/** The headers of a CSV file to download named `fileName` (a `HEAD` of a download sends them alone). */
export function csvHeaders(fileName: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': attachment(fileName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}

/** A CSV file to download (streamed as it is written, or whole), named `fileName` as a PDF's download is. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable | string) {
  return reply.headers(csvHeaders(fileName)).send(csv);
}
