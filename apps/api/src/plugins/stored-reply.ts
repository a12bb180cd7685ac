import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A reply kept in memory and sent again as bytes (the public cache's API reads, the rendered
 * pages): its body, a strong tag, and its brotli and gzip forms, each made on first use and kept.
 */
export interface StoredReply {
  body: Buffer;
  type: string;
  /** The strong validator of the body; its compressed forms carry it with `-br`/`-gz`. */
  hash: string;
  br?: Buffer;
  gzip?: Buffer;
}

type Encoding = 'br' | 'gzip';

/**
 * Brotli for a reply compressed as it is sent, or once and kept: quality 5 compresses about as
 * well as gzip -9; the default (11) costs ~100× gzip's CPU, on libuv's thread pool.
 */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Below this a reply goes uncompressed, as @fastify/compress's threshold. */
const COMPRESS_FROM_BYTES = 1024;

const encodings = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * `bytes` in memory of their own size. A small Buffer (zlib's answer, `Buffer.from` of a short
 * text) is a view of a shared 64 KB block that the short-lived ones beside it (zlib's output
 * chunks) fill: kept, it keeps the whole block, and the public cache, which counts lengths, came
 * to hold ten times its size (docs/benchmarks.md, bench:catalogue).
 */
function ownMemory(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

export function storedReply(body: string | Buffer, type: string): StoredReply {
  const bytes = ownMemory(Buffer.isBuffer(body) ? body : Buffer.from(body));
  return { body: bytes, type, hash: createHash('sha1').update(bytes).digest('base64url') };
}

/** The memory a stored reply may come to hold: its body, and room for its two compressed forms (each smaller). */
export const storedSize = (stored: StoredReply) => stored.body.length * 2;

/** The encoding, tag and bytes `request` is to get of `stored`. */
export function encodedFor(request: FastifyRequest, stored: StoredReply): { encoding?: Encoding; etag: string; bytes: Buffer } {
  const header = request.headers['accept-encoding'];
  const choice = stored.body.length < COMPRESS_FROM_BYTES || !header ? null : encodings.negotiate(header);
  const encoding = choice === 'br' || choice === 'gzip' ? choice : undefined;
  if (encoding === 'br') stored.br ??= ownMemory(zlib.brotliCompressSync(stored.body, BROTLI_OPTIONS));
  if (encoding === 'gzip') stored.gzip ??= ownMemory(zlib.gzipSync(stored.body));
  const bytes = encoding === 'br' ? stored.br : encoding === 'gzip' ? stored.gzip : stored.body;
  return { encoding, etag: etagOf(stored.hash, encoding), bytes: bytes ?? stored.body };
}

/** Sends a stored reply in the encoding the caller takes, or 304 when it holds it already. */
export function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredReply, cacheControl = 'no-cache') {
  const { encoding, etag, bytes } = encodedFor(request, stored);
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', etag);
  if (matches(request.headers['if-none-match'], stored.hash)) return reply.code(304).send();
  reply.type(stored.type);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

function etagOf(hash: string, encoding: Encoding | undefined): string {
  return encoding === 'br' ? `"${hash}-br"` : encoding === 'gzip' ? `"${hash}-gz"` : `"${hash}"`;
}

/** `If-None-Match` holds this content's tag, in any encoding (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === `"${hash}"` || value === `"${hash}-br"` || value === `"${hash}-gz"`;
  });
}
