// A large partner's first sign-in, for the `sync` suite: N remote quotes (100,000 by default,
// `--quotes N` to change it) made over three years, one in twenty by the salesperson who signs
// in, through the delay proxy. It measures, through the calls the window makes: when every
// quote is listed and searchable, when the salesperson's own quotes and those changed in the
// last 90 days are held offline (the others stay listed only, main/sync/pull.ts), and the disk a
// listed-only quote takes, as Settings reports it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallName, IpcInput, IpcOutput, SyncStatus } from '../../common/ipc';
import { createCore, silentLogger } from '../../main/core';
import { HOLD_RECENT_DAYS } from '../../main/sync';
import { startServer } from '../../test/helpers/server';
import { ADA } from '../../test/sync/harness';
import { atMost, info, processTreeCpuMs, scaled, writeSeed, type Metric } from '../lib';
import type { DelayProxy } from './first-sign-in';

export const LARGE_PARTNER_QUOTES = 100_000;
/** Spread of the quotes' ages: quote i of n was made i/n of three years ago. */
const YEARS_DAYS = 3 * 365;
/** How often the list is asked for while the listing runs: the window's refresh. */
const WINDOW_REFRESH_MS = 150;
/** One quote in this many is the salesperson's own. */
const OWN_EVERY = 20;

/** The seed, and how many of its quotes should be held offline after the first sign-in. */
function seed(dir: string, n: number): { file: string; held: number } {
  const file = join(dir, 'seed.json');
  const created = (i: number) => Math.floor((i * YEARS_DAYS) / n);
  const updated = (i: number) => Math.max(0, created(i) - (i % 30));
  let held = 0;
  for (let i = 0; i < n; i++) if (i % OWN_EVERY === 0 || updated(i) < HOLD_RECENT_DAYS) held++;
  writeSeed(file, {
    count: n,
    // The partner's first user is Ada, who signs in; the second one made the rest.
    createdBy: (i, users) => users[i % OWN_EVERY === 0 ? 0 : 1]!,
    lineItems: (i) => 3 + (i % 8),
    createdDaysAgo: created,
    updatedDaysAgo: updated,
    // A sent quote past its expiry expires at the first list, which changes it (it would be
    // recent then): none expires during the bench.
    expiresInDays: () => 365,
  });
  return { file, held };
}

/** `--quotes N` among the suite's arguments, else 100,000 × the bench's scale knob. */
export function largePartnerSize(args: string[]): number {
  const i = args.indexOf('--quotes');
  const n = i >= 0 ? Number(args[i + 1]) : scaled(LARGE_PARTNER_QUOTES, 100);
  if (!Number.isSafeInteger(n) || n < 100) throw new Error('--quotes must be a whole number ≥ 100');
  return n;
}

// long: one scenario measured end to end, its checks beside its clocks
export async function largePartner(
  n: number,
  delayMs: number,
  delayProxy: DelayProxy,
  log: (line: string) => void,
): Promise<Metric[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-large-'));
  log(`large partner: seeding ${n.toLocaleString('en-US')} remote quotes…`);
  const s = seed(dir, n);
  const seededAt = performance.now();
  const server = await startServer({
    seed: s.file,
    dataDir: join(dir, 'server'),
    idle: true,
    readyTimeoutMs: 30 * 60_000,
  });
  log(`large partner: seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);
  const proxy = await delayProxy(new URL(server.baseUrl), delayMs);
  const core = await createCore({
    dataDir: join(dir, 'app'),
    platform: { mode: 'browser' },
    log: silentLogger,
    embedded: null,
    withoutKeychain: 'unencrypted',
  });
  const call = async <N extends CallName>(name: N, input?: IpcInput<N>): Promise<IpcOutput<N>> => {
    const r = await core.dispatch(name, input, { via: 'test' });
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as IpcOutput<N>;
  };
  try {
    let listComplete = false;
    let lastError: string | undefined;
    let filled!: () => void;
    const done = new Promise<void>((r) => (filled = r));
    let wake: (() => void) | null = null;
    core.hub.subscribe((event, payload) => {
      if (event !== 'sync.state') return;
      const st = payload as SyncStatus;
      if (st.fill?.listComplete && !listComplete) {
        listComplete = true;
        wake?.();
      }
      lastError = st.lastError;
      if (listComplete && !st.fill && !st.running) filled();
    });

    // CPU time beside the clocks: what the app (this process) and the server cost, which a busy
    // machine does not inflate as it does the wall time (the server runs at idle priority).
    const serverPid = server.process.pid ?? 0;
    const cpu = () => ({
      app: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
      server: (processTreeCpuMs(serverPid) ?? NaN) / 1000,
    });
    const cpu0 = cpu();
    const t0 = performance.now();
    const profile = await call('profiles.add', {
      name: 'Northwind',
      baseUrl: `https://127.0.0.1:${proxy.port}`,
      audience: server.baseUrl,
      clientId: ADA.clientId,
      clientSecret: ADA.secret,
      caPem: server.ca,
    });
    await call('profiles.switch', { profileId: profile.id });
    let total = 0;
    let found = 0;
    for (;;) {
      const page = await call('quotes.list', { account: 'partner', limit: 50 });
      if (listComplete && page.page.totalElements >= n) {
        total = page.page.totalElements;
        // Clients take turns: a quarter of the quotes are Acme's, most of them listed only.
        found = (await call('quotes.list', { account: 'partner', search: 'Acme', limit: 1 })).page
          .totalElements;
        break;
      }
      // As the window asks: again once a burst of changes has settled (its list follows
      // `quotes.changed` 150 ms after the last one, renderer/app/use-events.ts) — and at once
      // when the listing is complete, so the clock stops when the list is whole.
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, WINDOW_REFRESH_MS);
      });
      wake = null;
    }
    const listedAt = performance.now();
    const cpuListed = cpu();
    log(`large partner: listed in ${((listedAt - t0) / 1000).toFixed(1)} s`);
    await done;
    const heldAt = performance.now();
    const cpuHeld = cpu();
    if (lastError) throw new Error(`first sign-in stopped: ${lastError}`);
    if (found < Math.floor(n / 4)) throw new Error(`the search found ${found} of Acme's quotes`);

    const counts = await call('sync.offlineQuotes');
    const demo = total - n; // the demo seed's own quotes: recent, held
    if (counts.held.count !== s.held + demo || counts.listedOnly.count !== n - s.held)
      throw new Error(
        `${counts.held.count} held and ${counts.listedOnly.count} listed only; expected ${s.held + demo} and ${n - s.held}`,
      );
    const label = `large partner, ${n.toLocaleString('en-US')} quotes`;
    const perListed = counts.listedOnly.bytes / Math.max(1, counts.listedOnly.count) / 1024;
    return [
      atMost(
        `${label}: from signing in until every quote is listed and searchable`,
        round2((listedAt - t0) / 1000),
        's',
        6,
      ),
      atMost(
        `${label}: until own and recent quotes are held offline (${counts.held.count.toLocaleString('en-US')} quotes)`,
        round2((heldAt - t0) / 1000),
        's',
        30,
      ),
      atMost(`${label}: disk per listed-only quote`, round2(perListed), 'KB', 3),
      info(`${label}: CPU time of the app until listed`, round2(cpuListed.app - cpu0.app), 's'),
      info(
        `${label}: CPU time of the server until listed`,
        round2(cpuListed.server - cpu0.server),
        's',
      ),
      info(`${label}: CPU time of the app until held`, round2(cpuHeld.app - cpu0.app), 's'),
      info(
        `${label}: CPU time of the server until held`,
        round2(cpuHeld.server - cpu0.server),
        's',
      ),
      info(
        `${label}: disk of the held quotes (store and files)`,
        Math.round(counts.held.bytes / 2 ** 20),
        'MB',
      ),
    ];
  } finally {
    await core.close();
    await proxy.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
