import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  modules: Record<string, { renderedLength: number }>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A module's package (`react-dom`, `@tanstack/query-core`) or, for the shop's own code, its path. */
function owner(id: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage?.[1]) return inPackage[1];
  const own = /\/(apps\/web\/src|packages\/shared\/src)\/(.*)$/.exec(id);
  return own ? `${own[1] === 'apps/web/src' ? '' : 'shared/'}${own[2]}` : id;
}

/** The entry chunks and every chunk they import statically: what the page loads before it runs. */
function initialChunks(bundle: Record<string, unknown>): OutputChunkLike[] {
  const chunks = Object.values(bundle).filter((output) => (output as { type: string }).type === 'chunk') as OutputChunkLike[];
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Map<string, OutputChunkLike>();
  const visit = (chunk: OutputChunkLike | undefined) => {
    if (!chunk || initial.has(chunk.fileName)) return;
    initial.set(chunk.fileName, chunk);
    chunk.imports.forEach((fileName) => visit(byName.get(fileName)));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  return [...initial.values()];
}

/**
 * The bundle report of `vite build`: the home page's initial JavaScript — the entry (`main.tsx`)
 * and every chunk it imports statically, which the browser fetches with it — with each chunk's
 * gzip size, and the packages and files that weigh most in it (their size before minifying, which
 * ranks them). A client build over `budgetKb` (gzip) fails.
 */
export function bundleReport({ budgetKb }: { budgetKb: number }): Plugin {
  return {
    name: 'autoparts:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const initial = initialChunks(bundle);
      if (initial.length === 0) return;
      const sized = initial.map((chunk) => ({ chunk, gzip: gzipSync(chunk.code).length })).sort((a, b) => b.gzip - a.gzip);
      const total = sized.reduce((sum, { gzip }) => sum + gzip, 0);
      const weights = new Map<string, number>();
      for (const { chunk } of sized) {
        for (const [id, module] of Object.entries(chunk.modules)) weights.set(owner(id), (weights.get(owner(id)) ?? 0) + module.renderedLength);
      }
      const heaviest = [...weights].sort((a, b) => b[1] - a[1]).slice(0, 12);
      const lines = [
        '',
        `Initial JavaScript of the home page: ${kb(total)} gzip (budget ${budgetKb} KB)`,
        ...sized.map(({ chunk, gzip }) => `  ${kb(gzip).padStart(9)}  ${chunk.fileName}`),
        'Heaviest in it (before minifying):',
        ...heaviest.map(([name, bytes]) => `  ${kb(bytes).padStart(9)}  ${name}`),
        '',
      ];
      this.info(lines.join('\n'));
      // Only a production build is held to the budget (a development build is not minified).
      if (total > budgetKb * 1024 && this.environment.config.mode === 'production') this.error(`the home page's initial JavaScript is ${kb(total)} gzip, over its budget of ${budgetKb} KB`);
    },
  };
}
