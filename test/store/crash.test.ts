import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store';
import { rng } from '../helpers/rng';
import { digest } from './crash-shared';
import { tempDir } from './fixtures';
import { engineStore } from '../../main/store/engine';

const KILLS = 50;

/**
 * The child is bundled to plain JavaScript once: starting TypeScript through a loader 50
 * times would cost more than the test itself.
 */
let childJs = '';
beforeAll(async () => {
  childJs = path.join(tempDir(), 'crash-child.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: childJs,
    external: ['better-sqlite3-multiple-ciphers'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    nodePaths: [path.join(import.meta.dirname, '../../node_modules')],
    logLevel: 'silent',
  });
  // better-sqlite3-multiple-ciphers resolves from the repository's node_modules.
  fs.symlinkSync(
    path.join(import.meta.dirname, '../../node_modules'),
    path.join(path.dirname(childJs), 'node_modules'),
  );
});

type JournalState = string; // planned | in_flight | done | unknown | removed

interface Burst {
  /** Last committed digest and generation per quote. */
  committed: Map<string, { k: number; generation: number; digest: string }>;
  /** The edit that was running when the child died: its quote (or 'new'). */
  inFlight: string | null;
  /** Journal entries the child reported durable, with their last reported state. */
  journal: Map<number, { state: JournalState; fingerprint: string }>;
  /** The journal write that was running when the child died. */
  journalInFlight: { id: number | 'new'; state: JournalState } | null;
  /** Whether the child died inside a checkpoint it had started. */
  inCheckpoint: boolean;
  checkpoints: number;
  lines: number;
}

/**
 * When the kill lands: after a random time, or at the first checkpoint or new journal entry
 * after it (they are a small share of the time, so a timer alone seldom hits them).
 */
type KillAt = 'timer' | 'checkpoint' | 'journal';
const KILL_LINE: Record<KillAt, (line: string[]) => boolean> = {
  timer: () => true,
  checkpoint: (line) => line[0] === 'ckpt',
  journal: (line) => line[0] === 'jbegin' && line[2] === 'new',
};

function runChild(file: string, seed: number, killAfterMs: number, at: KillAt): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childJs, file, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const burst: Burst = {
      committed: new Map(),
      inFlight: null,
      journal: new Map(),
      journalInFlight: null,
      inCheckpoint: false,
      checkpoints: 0,
      lines: 0,
    };
    let buf = '';
    let stderr = '';
    let armed = false;
    const kill = () => child.kill('SIGKILL');
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).split(' ');
        buf = buf.slice(nl + 1);
        burst.lines++;
        if (armed && KILL_LINE[at](line)) {
          armed = false;
          kill();
        }
        switch (line[0]) {
          case 'ready':
            setTimeout(() => {
              if (at === 'timer') return kill();
              armed = true;
              // Should the awaited step not come, the burst still ends.
              setTimeout(kill, 1000);
            }, killAfterMs);
            break;
          case 'begin':
            burst.inFlight = line[2]!;
            break;
          case 'ok':
            burst.committed.set(line[2]!, {
              k: Number(line[1]),
              generation: Number(line[3]),
              digest: line[4]!,
            });
            burst.inFlight = null;
            break;
          case 'skip':
            burst.inFlight = null;
            break;
          case 'jbegin':
            burst.journalInFlight = {
              id: line[2] === 'new' ? 'new' : Number(line[2]),
              state: line[3]!,
            };
            break;
          case 'jok': {
            const id = Number(line[2]);
            const known = burst.journal.get(id);
            burst.journal.set(id, {
              state: line[3]!,
              fingerprint: line[4] === '-' ? (known?.fingerprint ?? '-') : line[4]!,
            });
            burst.journalInFlight = null;
            break;
          }
          case 'ckpt':
            burst.inCheckpoint = true;
            burst.checkpoints++;
            break;
          case 'ckptok':
            burst.inCheckpoint = false;
            break;
        }
      }
    });
    // 'close', not 'exit': the lines the child wrote before it died are all read by then.
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve(burst);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Every journal entry the child reported durable is there in the state it reported; the
 * write it died in may have committed (the newer state, or one new entry) or not.
 */
function checkJournal(
  store: Store,
  burst: Burst,
  expected: Map<number, { state: JournalState; fingerprint: string }>,
  kill: number,
): void {
  for (const [id, e] of burst.journal) {
    const before = expected.get(id);
    expected.set(id, {
      state: e.state,
      fingerprint: e.fingerprint === '-' ? before!.fingerprint : e.fingerprint,
    });
  }
  const stored = new Map(
    engineStore(store)
      .sync.listJournal()
      .map((e) => [e.id, { state: e.state as JournalState, fingerprint: e.fingerprint }]),
  );
  const pending = burst.journalInFlight;
  for (const [id, want] of expected) {
    const got = stored.get(id) ?? { state: 'removed', fingerprint: want.fingerprint };
    if (pending && pending.id === id && got.state === pending.state) {
      expected.set(id, got);
      continue;
    }
    expect({ kill, id, ...got }).toEqual({ kill, id, ...want });
  }
  for (const [id, e] of expected) if (e.state === 'removed') expected.delete(id);
  const extra = [...stored.keys()].filter((id) => !expected.has(id));
  expect(extra.length, `journal entries nobody reported, kill ${kill}`).toBeLessThanOrEqual(
    pending?.id === 'new' ? 1 : 0,
  );
  for (const id of extra) expected.set(id, stored.get(id)!);
}

describe('crash safety', () => {
  it(`keeps every committed edit and every durable journal entry through ${KILLS} SIGKILLs during edits, journal writes and checkpoints`, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'crash.sqlite');
    const r = rng(20260322);
    const expected = new Map<string, { generation: number; digest: string }>();
    const journal = new Map<number, { state: JournalState; fingerprint: string }>();
    let steps = 0;
    let journalWrites = 0;
    let midEdit = 0;
    let midCheckpoint = 0;
    let midJournal = 0;
    let checkpoints = 0;
    for (let i = 0; i < KILLS; i++) {
      const at = (['timer', 'checkpoint', 'journal'] as const)[i % 3]!;
      const burst = await runChild(file, 1000 + i, 20 + Math.floor(r() * 150), at);
      steps += burst.lines;
      journalWrites += burst.journal.size;
      if (burst.inFlight !== null) midEdit++;
      if (burst.inCheckpoint) midCheckpoint++;
      if (burst.journalInFlight) midJournal++;
      checkpoints += burst.checkpoints;

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
      checkJournal(store, burst, journal, i);
      store.close();
    }
    // The kills landed in the middle of real work — edits, journal writes and checkpoints
    // alike — not only between steps.
    expect(steps).toBeGreaterThan(10 * KILLS);
    expect(midEdit + midJournal + midCheckpoint).toBeGreaterThan(KILLS / 2);
    expect(Math.min(midEdit, midJournal, midCheckpoint)).toBeGreaterThan(0);
    expect(midCheckpoint).toBeGreaterThanOrEqual(5);
    expect(midJournal).toBeGreaterThanOrEqual(5);
    expect(checkpoints).toBeGreaterThan(KILLS);
    expect(journalWrites).toBeGreaterThan(KILLS);
  }, 180_000);
});
