// First sign-in on a new computer, for the `sync` suite: a partner's N remote quotes (3–10
// line items each, seeded through the server's own seed code, not N HTTP creates), a fresh
// store, the engine's defaults, through the delay proxy. Measures when every quote is listed
// and searchable, when every aggregate is held, the requests, the commit time of edits made
// while the fill runs, and the process's RSS at the end.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../main/api';
import { openStore } from '../../main/store';
import { SyncEngine, type SyncApi } from '../../main/sync';
import { DEMO_SEED, startServer } from '../../test/helpers/server';
import { ADA } from '../../test/sync/harness';
import { atMost, info, type Metric } from '../lib';

const NORTHWIND = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';
const CLIENT_IDS = [
  'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165',
  'a7e3fcd1-d46e-4880-a4cf-e9096da5b6cc',
  '89889f41-6823-4ca4-8ac6-59251bf03cdf',
  '211d37df-2716-43a8-822e-7d9f776f7972',
];
const PRODUCTS: Array<[string, string, number]> = [
  ['094347cf-431a-464f-98b9-32ebeb165c8a', 'Monthly', 22],
  ['96bf0824-af0d-4cee-a11b-5def68773339', 'Monthly', 3],
  ['7e7b978f-5b90-426d-938c-7fac49a9a8d9', 'Monthly', 7],
  ['36f888b7-6f2d-4b50-b11d-c6fa24a89d75', 'One-Time', 1899],
];
const STATUSES = ['draft', 'draft', 'draft', 'sent', 'accepted', 'declined', 'closed'];

/** The demo seed plus `n` quotes of the partner's two users, 3–10 line items each. */
export function seedFile(dir: string, n: number): string {
  const seed = JSON.parse(readFileSync(DEMO_SEED, 'utf8')) as Record<string, unknown>;
  const users = (
    (seed.partners as Array<{ id: string; users: Array<{ id: string }> }>).find(
      (p) => p.id === NORTHWIND,
    )?.users ?? []
  ).map((u) => u.id);
  seed.quotes = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    partnerId: NORTHWIND,
    clientId: CLIENT_IDS[i % CLIENT_IDS.length],
    createdBy: users[i % users.length],
    status: STATUSES[i % STATUSES.length],
    createdDaysAgo: i % 365,
    introMessage: `Proposal ${i}`,
    lineItems: Array.from({ length: 3 + (i % 8) }, (_, j) => {
      const [productId, billingTerm, price] = PRODUCTS[(i + j) % PRODUCTS.length]!;
      return {
        type: 'Standard',
        productId,
        billingTerm,
        price: price + (i % 7),
        quantity: 1 + ((i * 7 + j) % 40),
      };
    }),
  }));
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

/** Counts the calls, attachment downloads apart (they come after the aggregates). */
function counting(api: ApiClient, calls: { n: number; downloads: number }): SyncApi {
  return new Proxy(api, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      if (typeof v !== 'function') return v;
      return (...a: unknown[]) => {
        if (k === 'downloadQuoteAttachment') calls.downloads++;
        else calls.n++;
        return (v as (...x: unknown[]) => unknown).apply(t, a);
      };
    },
  }) as SyncApi;
}

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.99 * s.length) - 1))] ?? 0;
}

export type DelayProxy = (
  target: URL,
  ms: number,
) => Promise<{ port: number; close(): Promise<void> }>;

export async function firstSignIn(
  n: number,
  delayMs: number,
  delayProxy: DelayProxy,
  log: (line: string) => void,
): Promise<Metric[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-signin-'));
  log(`first sign-in: seeding ${n.toLocaleString('en-US')} remote quotes…`);
  // The server and the link stand for other machines: on this one they must not take the core
  // of the app being measured (lower priority, as `nice` gives it).
  const server = await startServer({
    seed: seedFile(dir, n),
    dataDir: join(dir, 'server'),
    niceness: 10,
  });
  const proxy = await delayProxy(new URL(server.baseUrl), delayMs);
  // The app's client as a profile makes it: default pool, HTTP/2 where offered.
  const api = createApiClient(
    {
      baseUrl: `https://127.0.0.1:${proxy.port}`,
      audience: server.baseUrl,
      clientId: ADA.clientId,
      caFile: server.caFile,
    },
    { clientSecret: ADA.secret },
  );
  const store = openStore(join(dir, 'device', 'quotedesk.sqlite'), { integrityCheck: 'none' });
  try {
    store.setIdentity({ user: ADA.user, partner: null, currency: 'USD' });
    await api.getToken();
    const calls = { n: 0, downloads: 0 };
    const engine = new SyncEngine({ store, api: counting(api, calls), tmpDir: dir });
    const t0 = performance.now();
    let listedAt = 0;
    let found = 0;
    // A quote of the user's own, made once the list is complete and edited while the fill
    // runs (the cycle's push is over by then: it is not sent in this cycle).
    let mine = null as { id: string; line: string } | null;
    engine.on((e) => {
      if (listedAt || e.type !== 'status' || !e.status.fill?.listComplete) return;
      // Listed and searchable: a search (which brings the full-text entries up to date) runs.
      found = store.listQuotes({ account: 'partner', search: 'Acme', limit: 1 }).page.totalElements;
      listedAt = performance.now();
      const w = store.createQuote({
        client: { id: CLIENT_IDS[0]!, name: 'Acme', isShadowCompany: false },
      });
      const [line] = store.addLineItems(w.id, [
        {
          type: 'Custom',
          productName: 'Setup',
          billingTerm: 'One-Time',
          price: 100,
          cost: 50,
          initialTotal: 100,
          quantity: 1,
        },
      ]);
      mine = { id: w.id, line: line! };
    });
    const edits: number[] = [];
    let editing = true;
    let qty = 1;
    const editLoop = (async () => {
      while (editing) {
        // Every 5 ms: a 1,000-quote fill lasts a few seconds, and a p99 of fewer than a few
        // hundred edits would be their slowest one.
        await new Promise((r) => setTimeout(r, 5));
        if (!mine) continue;
        const s = performance.now();
        store.updateLineItems(mine.id, [{ id: mine.line, quantity: ++qty }]);
        edits.push(performance.now() - s);
      }
    })();
    const report = await engine.syncOnce();
    const allAt = performance.now();
    editing = false;
    await editLoop;
    if (report.retry) throw new Error(`first sign-in stopped: ${report.retry.message}`);
    const total = report.pull?.listed ?? 0;
    if (found === 0) throw new Error('the search found nothing once the list was complete');
    if (store.sync.stubCount() !== 0)
      throw new Error(`${store.sync.stubCount()} quotes not filled`);
    const pages = Math.ceil(total / 100);
    const rtt = (2 * delayMs) / 1000;
    const listS = (listedAt - t0) / 1000;
    const allS = (allAt - t0) / 1000;
    const label = `first sign-in, ${n.toLocaleString('en-US')} quotes`;
    return [
      atMost(
        `${label}: every quote listed and searchable (≤ 1.5 × ${pages} pages × ${rtt * 1000} ms)`,
        Math.round(listS * 100) / 100,
        's',
        Math.round(1.5 * pages * rtt * 100) / 100,
      ),
      n >= 10_000
        ? atMost(`${label}: every aggregate held offline`, Math.round(allS * 10) / 10, 's', 60)
        : info(`${label}: every aggregate held offline`, Math.round(allS * 10) / 10, 's'),
      atMost(`${label}: requests (≤ pages + 3 per quote)`, calls.n, 'req', pages + 3 * total),
      atMost(
        `${label}: edit commit p99 while the fill runs (${edits.length} edits)`,
        Math.round(p99(edits) * 1000) / 1000,
        'ms',
        2,
      ),
      info(`${label}: attachment downloads after the aggregates`, calls.downloads, 'req'),
      info(`${label}: RSS at the end`, Math.round(process.memoryUsage().rss / 2 ** 20), 'MB'),
    ];
  } finally {
    store.close();
    await api.close();
    await proxy.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
