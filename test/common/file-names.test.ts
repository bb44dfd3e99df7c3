// One file-name casing across the tree (kebab-case, enforced for .ts/.tsx by ESLint's
// file-names/kebab-case rule): this covers what lint does not read — styles, scripts,
// fixtures — so a camelCase or PascalCase name cannot creep back in anywhere.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEBAB_FILE } from '../../eslint.config.js';
import { REPO_ROOT } from '../helpers/server';

const ROOTS = [
  'main',
  'common',
  'server',
  'renderer',
  'preload',
  'test',
  'bench',
  'scripts',
  'docs',
];
// Names fixed by convention elsewhere, not ours to choose.
const CONVENTIONAL = new Set(['README.md']);

describe('file names', () => {
  it('every source file under the project folders is kebab-case', () => {
    const files = execFileSync('git', ['ls-files', ...ROOTS], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const odd = files
      .map((f) => path.basename(f))
      .filter((n) => !CONVENTIONAL.has(n) && !KEBAB_FILE.test(n));
    expect(odd).toEqual([]);
  });

  it('the pattern refuses camelCase and PascalCase and takes kebab-case with dotted parts', () => {
    expect(['fooBar.ts', 'FooBar.tsx', 'foo_bar.ts'].filter((n) => KEBAB_FILE.test(n))).toEqual([]);
    expect(
      ['foo-bar.ts', 'money.property.test.ts', 'pdfmake.d.ts'].every((n) => KEBAB_FILE.test(n)),
    ).toBe(true);
  });
});
