import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build lists the hashed files it wrote, for the next build to keep. */
const LIST = path.join('.vite', 'previous-assets.json');

/**
 * Of `outDir/assets`, deletes what neither this build (`written`, with their `.br`/`.gz` copies)
 * nor the one before it wrote, and lists this build's files for the next. Answers what it deleted.
 */
export function pruneAssets(outDir: string, written: readonly string[]): string[] {
  const dir = path.join(outDir, 'assets');
  if (!fs.existsSync(dir)) return [];
  const listFile = path.join(outDir, LIST);
  const current = written.filter((file) => file.startsWith('assets/')).map((file) => file.slice('assets/'.length));
  // No list: a build of before this plugin wrote what is there, and it is all kept this once.
  const previous: string[] = fs.existsSync(listFile) ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as string[]) : fs.readdirSync(dir);
  const kept = new Set([...current, ...previous].flatMap((file) => [file, `${file}.br`, `${file}.gz`]));
  const deleted = fs.readdirSync(dir).filter((file) => !kept.has(file));
  for (const file of deleted) fs.rmSync(path.join(dir, file), { force: true });
  fs.mkdirSync(path.dirname(listFile), { recursive: true });
  fs.writeFileSync(listFile, JSON.stringify(current));
  return deleted;
}

/**
 * A build does not empty its folder (`build.emptyOutDir: false`): the instances still running the
 * release before keep serving the pages they hold in memory, whose scripts and styles are the
 * previous build's hashed files, until each is restarted (README, "Upgrades"). So each build keeps
 * the previous build's `assets/` beside its own and deletes anything older. Files of fixed names
 * (index.html, the server bundle's entry, public/) are written over.
 */
export function keepPreviousAssets(): Plugin {
  let outDir = '';
  return {
    name: 'autoparts:keep-previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      pruneAssets(outDir, Object.keys(bundle));
    },
  };
}
