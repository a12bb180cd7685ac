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
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (this.environment.name !== 'client' || !outDir) return;
      // The previous build's hashed files, kept beside this one's (keep-previous-assets.ts), have theirs.
      const assets = path.join(outDir, 'assets');
      const ours = new Set(Object.keys(bundle).map((file) => path.join(outDir, file)));
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          // Not the server bundle's folder, nor a build's own notes (.vite/).
          if (entry.isDirectory()) return (entry.name === 'server' && dir === outDir) || entry.name.startsWith('.') ? [] : walk(full);
          return compressible.test(entry.name) && (dir !== assets || ours.has(full)) ? [full] : [];
        });
      for (const file of walk(outDir)) {
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
