// The store's migrations are one file each, listed in a registry that checks their order: a
// gap or a reused version would leave a salesperson's file at a version no step produced.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_SCHEMA_VERSION } from '../../main/store';
import { MIGRATIONS, checkOrder } from '../../main/store/migrations';
import { REPO_ROOT } from '../helpers/server';

const step = (version: number, name = `step ${version}`) => ({ version, name, up: () => {} });

describe('store migration registry', () => {
  it('accepts versions 1, 2, 3 in order', () => {
    expect(checkOrder([step(1), step(2), step(3)]).map((m) => m.version)).toEqual([1, 2, 3]);
  });

  it('rejects a gap, naming the misplaced migration', () => {
    expect(() => checkOrder([step(1), step(2), step(4, 'new table')])).toThrow(
      /"new table" has version 4 where 3 was expected/,
    );
    expect(() => checkOrder([step(2)])).toThrow(/version 2 where 1 was expected/);
  });

  it('rejects a version used twice', () => {
    expect(() => checkOrder([step(1), step(2), step(2, 'second two')])).toThrow(
      /"second two" repeats version 2/,
    );
  });

  it('lists every migration file of the folder under the version its name carries', () => {
    const dir = path.join(REPO_ROOT, 'main/store/migrations');
    const files = fs.readdirSync(dir).filter((f) => /^v\d+-.+\.ts$/.test(f));
    expect(files.map((f) => Number(/^v(\d+)/.exec(f)![1])).sort((a, b) => a - b)).toEqual(
      MIGRATIONS.map((m) => m.version),
    );
    expect(STORE_SCHEMA_VERSION).toBe(files.length);
  });
});
