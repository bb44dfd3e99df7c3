// docs/architecture.md is the design a newcomer reads: it must say what the code does. These
// checks fail when the two drift apart — a file it names is gone, a reference into it from the
// code points at a heading it no longer has, its sync-state diagram differs from the table the
// store enforces — and when a reference to a design outside the repository comes back.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYNC_STATES, SYNC_TRANSITIONS } from '../../main/store/syncing/sync-state';
import { REPO_ROOT } from '../helpers/server';

const DOC = 'docs/architecture.md';
const doc = fs.readFileSync(path.join(REPO_ROOT, DOC), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

const anchors = new Set([...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

/** Every source and README file of the folders the code lives in. */
function sources(): string[] {
  const out: string[] = ['README.md', 'eslint.config.js'];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|js|mjs|md)$/.test(e.name)) out.push(rel);
    }
  };
  for (const d of ['main', 'server', 'renderer', 'common', 'preload', 'scripts', 'test', 'bench'])
    walk(d);
  return out;
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const named = [
      ...doc.matchAll(
        /`((?:common|server|main|renderer|preload|test|bench|scripts|docs)\/[^`\s]*)`/g,
      ),
    ]
      .map((m) => m[1]!)
      .filter((p) => !/[*<>…]/.test(p));
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter((p) => !fs.existsSync(path.join(REPO_ROOT, p)));
    expect(missing, `named in ${DOC} but not in the repository`).toEqual([]);
  });

  it('has every heading the code and the READMEs point at', () => {
    const broken: string[] = [];
    for (const file of sources()) {
      const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      for (const m of text.matchAll(/docs\/architecture\.md#([a-z0-9_-]+)/g)) {
        if (!anchors.has(m[1]!)) broken.push(`${file}: #${m[1]}`);
      }
    }
    expect(broken, `references to headings ${DOC} does not have`).toEqual([]);
  });

  it('is what the code refers to for the design, not a file outside the repository', () => {
    const outside = sources()
      .filter((f) => !f.startsWith('test/') || f === 'test/README.md')
      .filter((f) => /DESIGN\.md/.test(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')));
    expect(outside, `replace these references with ${DOC}#<heading>`).toEqual([]);
  });

  it('draws the sync states exactly as the store’s transition table moves them', () => {
    const block = /```mermaid\nstateDiagram-v2\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const drawn = new Set<string>();
    for (const m of block.matchAll(/^\s*(\w+) --> (\w+)\s*:\s*(.+)$/gm)) {
      for (const event of m[3]!.split(',')) drawn.add(`${m[1]} -${event.trim()}-> ${m[2]}`);
    }
    const table = new Set<string>();
    for (const [event, t] of Object.entries(SYNC_TRANSITIONS)) {
      for (const from of SYNC_STATES) {
        const to = t.to[from];
        if (to && to !== from) table.add(`${from} -${event}-> ${to}`);
      }
    }
    expect([...drawn].sort(), 'update the diagram from main/store/syncing/sync-state.ts').toEqual(
      [...table].sort(),
    );
  });
});
