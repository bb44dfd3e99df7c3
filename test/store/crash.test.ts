import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../main/store';
import { digest, rng } from './crashShared';
import { tempDir } from './fixtures';

const KILLS = 50;

/**
 * The child is bundled to plain JavaScript once: starting TypeScript through a loader 50
 * times would cost more than the test itself.
 */
let childJs = '';
beforeAll(async () => {
  childJs = path.join(tempDir(), 'crashChild.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'crashChild.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: childJs,
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    nodePaths: [path.join(import.meta.dirname, '../../node_modules')],
    logLevel: 'silent',
  });
  // better-sqlite3 resolves from the repository's node_modules.
  fs.symlinkSync(
    path.join(import.meta.dirname, '../../node_modules'),
    path.join(path.dirname(childJs), 'node_modules'),
  );
});

interface Burst {
  /** Last committed digest and generation per quote. */
  committed: Map<string, { k: number; generation: number; digest: string }>;
  /** The edit that was running when the child died: its quote (or 'new'). */
  inFlight: string | null;
  lines: number;
}

function runChild(file: string, seed: number, killAfterMs: number): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childJs, file, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const burst: Burst = { committed: new Map(), inFlight: null, lines: 0 };
    let buf = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).split(' ');
        buf = buf.slice(nl + 1);
        burst.lines++;
        if (line[0] === 'ready') setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        else if (line[0] === 'begin') burst.inFlight = line[2]!;
        else if (line[0] === 'ok') {
          burst.committed.set(line[2]!, {
            k: Number(line[1]),
            generation: Number(line[3]),
            digest: line[4]!,
          });
          burst.inFlight = null;
        } else if (line[0] === 'skip') burst.inFlight = null;
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(burst);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

describe('crash safety', () => {
  it(`keeps every committed edit through ${KILLS} SIGKILLs in the middle of a burst`, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'crash.sqlite');
    const r = rng(20260322);
    const expected = new Map<string, { generation: number; digest: string }>();
    let edits = 0;
    let midEdit = 0;
    for (let i = 0; i < KILLS; i++) {
      const burst = await runChild(file, 1000 + i, 20 + Math.floor(r() * 150));
      edits += burst.lines;
      if (burst.inFlight !== null) midEdit++;

      const raw = new Database(file, { readonly: true });
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.close();
      const store = openStore(file, { integrityCheck: 'quick' });
      for (const [id, c] of burst.committed)
        expected.set(id, { generation: c.generation, digest: c.digest });
      for (const [id, want] of expected) {
        const rec = store.getQuote(id);
        expect(rec, `quote ${id} after kill ${i}`).not.toBeNull();
        if (id === burst.inFlight && rec!.generation === want.generation + 1) {
          // The edit in flight committed before the kill, unreported: fine, it is newer.
          expected.set(id, { generation: rec!.generation, digest: digest(rec!.work) });
          continue;
        }
        expect({ id, generation: rec!.generation, digest: digest(rec!.work) }).toEqual({
          id,
          ...want,
        });
      }
      // Nothing appeared that was not reported, except a create in flight.
      const all = store.database.prepare('SELECT id FROM quotes').pluck().all() as string[];
      const extra = all.filter((id) => !expected.has(id));
      expect(extra.length).toBeLessThanOrEqual(burst.inFlight === 'new' ? 1 : 0);
      for (const id of extra) {
        const rec = store.getQuote(id)!;
        expected.set(id, { generation: rec.generation, digest: digest(rec.work) });
      }
      store.close();
    }
    // The kills landed in the middle of real work, most of them inside an edit.
    expect(edits).toBeGreaterThan(10 * KILLS);
    expect(midEdit).toBeGreaterThan(KILLS / 2);
  }, 180_000);
});
