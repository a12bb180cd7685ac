import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a file goes as it is: the header costs more than the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the client build (brotli at
 * its highest quality, gzip at 9: done once here, not per request), so the server sends them as
 * they are by `Accept-Encoding`. A compressed copy no smaller than the file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'autoparts:precompress',
    apply: 'build',
    writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : compressible.test(entry.name) ? [full] : [];
        });
      for (const file of walk(options.dir)) {
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        const gzip = gzipSync(bytes, { level: 9 });
        if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
