// Electron follows the newest 45.x patch: a caret range, nothing pinning an older patch (the
// lock file, the packaging config), and the version the native build targets is the installed one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronVersion } from '../../scripts/build-native';
import { REPO_ROOT } from '../helpers/server';

const json = (f: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8'));
const patchOf = (v: string) =>
  v
    .replace(/^[\^~]/, '')
    .split('.')
    .map(Number) as [number, number, number];

describe('the Electron version', () => {
  it('is a caret range on 45.5 or newer, and nothing pins an older one', () => {
    const range: string = json('package.json').devDependencies.electron;
    expect(range).toMatch(/^\^45\.\d+\.\d+$/);
    expect(patchOf(range)[1]).toBeGreaterThanOrEqual(5);
    const lock = json('package-lock.json');
    expect(lock.packages[''].devDependencies.electron).toBe(range);
    const locked: string = lock.packages['node_modules/electron'].version;
    expect(patchOf(locked)[0]).toBe(45);
    expect(patchOf(locked)[1]).toBeGreaterThanOrEqual(5);
    expect(electronVersion()).toBe(locked);
    const builderConfig = fs.readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8');
    expect(builderConfig).not.toMatch(/^\s*electronVersion:/m);
  });
});
