// Main's bundles start through V8's code cache (main/code-cache.ts): the first start writes
// it, later starts read it, and a cache that is damaged or made for other code never changes
// what the app does — it only costs the compile a start without one makes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMain } from '../../scripts/build';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-code-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds an entry printing `words` (and its file names, as main's code sees them). */
async function build(name: string, words: string): Promise<string> {
  const entry = path.join(dir, `${name}.ts`);
  fs.writeFileSync(
    entry,
    `import path from 'node:path';
const here = path.basename(__filename);
process.stdout.write(JSON.stringify({ words: ${JSON.stringify(words)}, here, url: import.meta.url.endsWith(here) }));`,
  );
  const out = path.join(dir, 'out', name, 'app.cjs');
  await buildMain({ entry, outfile: out, sourcemap: false });
  return out;
}

const run = (file: string, cacheDir: string) =>
  JSON.parse(
    execFileSync(process.execPath, [file], {
      encoding: 'utf8',
      env: { ...process.env, QUOTEDESK_CODE_CACHE_DIR: cacheDir },
    }),
  ) as { words: string; here: string; url: boolean };

describe("main's bundle through the code cache", () => {
  it('writes the cache at the first start, starts from it later, and runs the same from a damaged one or none', async () => {
    const first = await build('first', 'hello');
    const cache = path.join(dir, 'cache');
    expect(run(first, cache)).toEqual({ words: 'hello', here: 'app.code.cjs', url: true });
    const files = fs.readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(fs.statSync(path.join(cache, files[0]!)).size).toBeGreaterThan(0);
    // A later start reads it and writes nothing new.
    const written = fs.statSync(path.join(cache, files[0]!)).mtimeMs;
    expect(run(first, cache).words).toBe('hello');
    expect(fs.statSync(path.join(cache, files[0]!)).mtimeMs).toBe(written);

    // A damaged cache is refused by V8 and made again.
    fs.writeFileSync(path.join(cache, files[0]!), 'not a code cache');
    expect(run(first, cache).words).toBe('hello');
    expect(fs.readFileSync(path.join(cache, files[0]!), 'utf8')).not.toBe('not a code cache');

    // Other code of the same length has a cache of its own, which replaces the old one.
    const second = await build('second', 'world');
    expect(run(second, cache).words).toBe('world');
    expect(fs.readdirSync(cache)).toHaveLength(1);
    expect(fs.readdirSync(cache)[0]).not.toBe(files[0]);

    // No cache folder to write to, or none wanted: the bundle runs all the same.
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    expect(run(first, path.join(blocked, 'cache')).words).toBe('hello');
    expect(run(first, 'off').words).toBe('hello');
  }, 60_000);
});
