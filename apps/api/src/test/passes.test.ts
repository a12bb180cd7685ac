import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEngineFree, ENGINE_FREE_FILES, isEngineFree } from './passes';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const copies: string[] = [];

/** A copy of apps/api's engine-free files, with `file`'s source replaced by `source`. */
function apiCopyWith(file: string, source: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-passes-'));
  copies.push(root);
  for (const listed of ENGINE_FREE_FILES) {
    fs.mkdirSync(path.dirname(path.join(root, listed)), { recursive: true });
    fs.copyFileSync(path.join(apiRoot, listed), path.join(root, listed));
  }
  fs.writeFileSync(path.join(root, file), source);
  return root;
}

afterAll(() => {
  for (const root of copies) fs.rmSync(root, { recursive: true, force: true });
});

describe('the files the PostgreSQL pass leaves out (decision 189)', () => {
  it('are all there and open no database of the pass', () => {
    expect(() => checkEngineFree(apiRoot)).not.toThrow();
  });

  it.each([
    ["import { createTestApp } from './test/app';", 'createTestApp'],
    ["import { signUp } from '../test/accounts';", "from '../test/accounts'"],
    ['const serverUrl = process.env.TEST_DATABASE_URL;', 'TEST_DATABASE_URL'],
    ["const database = await openTestDatabase();", 'openTestDatabase'],
  ])('refuse a listed file that reaches one: %s', (line, named) => {
    const root = apiCopyWith('src/env.test.ts', `${line}\n`);
    expect(() => checkEngineFree(root)).toThrow(`src/env.test.ts is listed as engine-free (apps/api/src/test/passes.ts) but uses ${named}`);
  });

  it('refuse a listed file that is gone', () => {
    const root = apiCopyWith('src/env.test.ts', '');
    fs.rmSync(path.join(root, 'src/env.test.ts'));
    expect(() => checkEngineFree(root)).toThrow('src/env.test.ts is listed as engine-free (apps/api/src/test/passes.ts) but does not exist');
  });

  it('are told from the rest by their path', () => {
    expect(isEngineFree(apiRoot, path.join(apiRoot, 'src/shutdown.test.ts'))).toBe(true);
    expect(isEngineFree(apiRoot, path.join(apiRoot, 'src/modules/cart/cart.test.ts'))).toBe(false);
    // This file names the doors in its own source: it runs in both passes.
    expect(isEngineFree(apiRoot, import.meta.filename)).toBe(false);
    expect(isEngineFree(apiRoot, undefined)).toBe(false);
  });
});
