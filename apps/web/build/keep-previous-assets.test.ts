import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneAssets } from './keep-previous-assets';

describe('pruneAssets', () => {
  let outDir = '';
  const write = (...files: string[]) => files.forEach((file) => fs.writeFileSync(path.join(outDir, 'assets', file), file));
  const assets = () => fs.readdirSync(path.join(outDir, 'assets')).sort();

  beforeEach(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-assets-'));
    fs.mkdirSync(path.join(outDir, 'assets'));
  });
  afterEach(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('keeps the previous build’s hashed files beside this one’s, and deletes those of the build before', () => {
    write('index-1.js', 'index-1.js.br', 'index-1.js.gz', 'shared-a.js');
    expect(pruneAssets(outDir, ['index.html', 'assets/index-1.js', 'assets/shared-a.js'])).toEqual([]);

    write('index-2.js', 'index-2.js.gz');
    expect(pruneAssets(outDir, ['index.html', 'assets/index-2.js', 'assets/shared-a.js'])).toEqual([]);
    // The first build's entry is still there for a page a running instance rendered with it.
    expect(assets()).toEqual(['index-1.js', 'index-1.js.br', 'index-1.js.gz', 'index-2.js', 'index-2.js.gz', 'shared-a.js']);

    write('index-3.js');
    expect(pruneAssets(outDir, ['assets/index-3.js', 'assets/shared-a.js']).sort()).toEqual(['index-1.js', 'index-1.js.br', 'index-1.js.gz']);
    expect(assets()).toEqual(['index-2.js', 'index-2.js.gz', 'index-3.js', 'shared-a.js']);
  });

  it('keeps what a build of before the list wrote, that once: the release running may still name it', () => {
    write('older.js', 'index-1.js');
    expect(pruneAssets(outDir, ['assets/index-1.js'])).toEqual([]);
    write('index-2.js');
    expect(pruneAssets(outDir, ['assets/index-2.js'])).toEqual(['older.js']);
  });
});
