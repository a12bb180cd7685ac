import { pipeline, Readable, type Duplex } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CATALOGUE_UNPACKED_MAX_BYTES, catalogueDataMessages } from '@autoparts/shared';

/**
 * The first bytes of `input` (to tell a zip or a gzip), and a stream of all of them; `handedOn`,
 * how many bytes the stream's reader has taken (a chunk ahead at most: the stream keeps one ready).
 */
export async function peek(input: Readable): Promise<{ head: Buffer; stream: Readable; handedOn: () => number }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : first.value;
  let bytes = 0;
  const stream = Readable.from(
    (async function* () {
      for (let next = first; !next.done; next = await iterator.next()) {
        bytes += next.value.length;
        yield next.value;
      }
    })(),
    { highWaterMark: 1 },
  );
  return { head, stream, handedOn: () => bytes };
}

/**
 * `input` piped into `transform` by Node's `pipeline`, so that an error of either ends both and
 * reaches whoever reads `transform` (`.pipe` forwards none: a failed upload would hang its reader).
 */
export function through<T extends Duplex>(input: Readable, transform: T): T {
  pipeline(input, transform, () => undefined);
  return transform;
}

/** Thrown when a gzip upload unpacks to more than CATALOGUE_UNPACKED_MAX_BYTES. */
export class UnpackedTooLarge extends Error {
  constructor() {
    super(catalogueDataMessages.unpackedTooLarge);
  }
}

/**
 * The upload's bytes as its reader wants them (`file`): a gzip file (`aces.xml.gz`, as big
 * catalogues are sent) is unpacked with Node's zlib as it streams, at most
 * CATALOGUE_UNPACKED_MAX_BYTES of it; anything else is passed on as it is (a zip is its reader's
 * business). `bytesRead`: how many of the upload's bytes were taken so far, of a gzip those zlib
 * has unpacked (`bytesWritten`), so that reading a file has a total, its size (decision 154).
 */
export async function unpacked(input: Readable): Promise<{ file: Readable; bytesRead: () => number }> {
  const { head, stream, handedOn } = await peek(input);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return { file: stream, bytesRead: handedOn };
  const gunzip = through(stream, createGunzip());
  const file = Readable.from(
    (async function* () {
      let size = 0;
      try {
        for await (const piece of gunzip as AsyncIterable<Buffer>) {
          size += piece.length;
          if (size > CATALOGUE_UNPACKED_MAX_BYTES) throw new UnpackedTooLarge();
          yield piece;
        }
      } catch (error) {
        // zlib's own errors (Z_DATA_ERROR, Z_BUF_ERROR …) say the file is not a whole gzip.
        if (typeof (error as { code?: unknown }).code === 'string' && (error as { code: string }).code.startsWith('Z_')) throw new Error(catalogueDataMessages.badGzip, { cause: error });
        throw error;
      } finally {
        gunzip.destroy();
      }
    })(),
  );
  return { file, bytesRead: () => gunzip.bytesWritten };
}
