// The sync engine's push and pull against the real server behind a proxy that adds 25 ms each
// way: requests per quote next to the minimum for the content, wall time next to the
// critical-path bound, the same workload pushed naively, and an incremental pull.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../main/api';
import { openStore, type Store } from '../main/store';
import { SyncEngine, type SyncApi } from '../main/sync';
import { LAST_PULL } from '../main/sync/pull';
import { atIdlePriority, startServer } from '../test/helpers/server';
import { ADA, BEN, CLIENTS, PRODUCTS, pdf } from '../test/sync/harness';
import { atLeast, atMost, info, scaled, type Metric, type SuiteOptions } from './lib';
import { firstSignIn } from './parts/first-sign-in';
import { editLink } from './parts/edit-link';
import { largePartner, largePartnerSize } from './parts/large-partner';
import { engineStore } from '../main/store/engine';

export const description =
  'sync engine: push 200 offline quotes, an incremental pull, a first sign-in (1,000 and 10,000 quotes) and a large partner (100,000 quotes, own and recent ones held) through a 25 ms-each-way proxy';
/**
 * First sign-in sizes (`QUOTEDESK_BENCH_SCALE` shrinks them); `npm run bench -- sync
 * first-signin` runs only those, `-- sync large-partner [--quotes N]` only the large partner
 * (100,000 quotes × the scale by default), `-- sync push` only the push of the offline quotes.
 */
const SIGN_IN_SIZES = [1_000, 10_000].map((n) => scaled(n, 100));

const DELAY_MS = 25;
const QUOTES = 200;
const PARALLELISM = 10;
/** The naive push is sequential, so a sample of it scales linearly to the whole workload. */
const NAIVE_SAMPLE = 20;
const PULL_TOTAL = 10_000;
const PULL_CHANGED = 10;

/**
 * A TCP proxy on 127.0.0.1 delaying every chunk by `ms` in each direction (TLS passes
 * through). It runs as its own process, like a real network: the client's own work (SQLite
 * writes, JSON) must not hold up the packets of its other requests.
 */
const PROXY_SOURCE = `
const net = require('node:net');
const [port, ms] = process.argv.slice(1).map(Number);
const server = net.createServer((client) => {
  const upstream = net.connect(port, '127.0.0.1');
  for (const s of [client, upstream]) { s.setNoDelay(true); s.on('error', () => { client.destroy(); upstream.destroy(); }); }
  const relay = (from, to) => {
    from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), ms));
    from.on('end', () => setTimeout(() => to.end(), ms));
  };
  relay(client, upstream);
  relay(upstream, client);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function delayProxy(
  target: URL,
  ms: number,
): Promise<{ port: number; close(): Promise<void> }> {
  // The link stands for the network, not for work on this machine: it runs only on cores the
  // app leaves idle (SCHED_IDLE).
  const child = spawn(
    ...atIdlePriority(process.execPath, ['-e', PROXY_SOURCE, target.port, String(ms)]),
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((res, rej) => {
    child.stdout!.once('data', (d: Buffer) => res(Number(d.toString().trim())));
    child.once('exit', (code) => rej(new Error(`delay proxy exited with ${code}`)));
  });
  return {
    port,
    close: () =>
      new Promise<void>((res) => {
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

function counting(api: ApiClient, calls: string[]): SyncApi {
  return new Proxy(api, {
    get(t, k) {
      const v = t[k as keyof ApiClient] as unknown;
      if (typeof v !== 'function') return v;
      return (...a: unknown[]) => {
        calls.push(String(k));
        return (v as (...x: unknown[]) => unknown).apply(t, a);
      };
    },
  }) as SyncApi;
}

async function primedStore(dir: string, api: ApiClient): Promise<Store> {
  const store = openStore(join(dir, 'quotedesk.sqlite'), { integrityCheck: 'none' });
  store.setIdentity({ user: ADA.user, partner: null, currency: 'USD' });
  const page = await api.listProducts({ size: 100 });
  store.caches.putProducts(page.content);
  for (const p of page.content)
    store.caches.putPricing(p.id, (await api.getProductPricing(p.id)).content);
  return store;
}

const TERMS = ['Monthly', 'Annual'] as const;

/** One offline quote: 10 line items, 2 sections, 2 recipients, 1 PDF, an intro text. */
function buildQuote(store: Store, i: number): string {
  const clients = Object.values(CLIENTS);
  const w = store.createQuote({ client: clients[i % clients.length]! });
  const products = [PRODUCTS.m365, PRODUCTS.defender, PRODUCTS.backup];
  const ids = store.addLineItems(
    w.id,
    Array.from({ length: 10 }, (_, k) =>
      k < 7
        ? ({
            type: 'Standard',
            productId: products[k % 3]!,
            billingTerm: k % 3 === 2 ? 'Monthly' : TERMS[k % 2]!,
            quantity: 1 + k,
          } as const)
        : ({
            type: 'Custom',
            productName: `Service ${k}`,
            billingTerm: 'One-Time',
            price: 100 * k,
            cost: 60 * k,
            initialTotal: 100 * k,
            quantity: 1,
          } as const),
    ),
  );
  const a = store.createSection(w.id, 'Licences');
  const b = store.createSection(w.id, 'Services');
  ids.forEach((id, k) => store.moveLineItem(w.id, id, { sectionId: k < 7 ? a : b }));
  store.addAccessEntries(w.id, [
    { email: `buyer${i}@client.example`, accountType: 'contact' },
    { email: `cfo${i}@client.example`, accountType: 'guest' },
  ]);
  store.addAttachments(w.id, [{ name: 'proposal.pdf', bytes: pdf(`bench-${i}-${Date.now()}`) }]);
  store.updateHeader(w.id, { introMessage: `Proposal ${i}` });
  return w.id;
}

/**
 * The fewest calls that can carry a quote's content, and the round trips on its longest chain.
 * Within a quote the calls depend on each other (items need the quote, sections the items'
 * ids…), so the chain is every write in order, then the read-back: the quote, then its sections
 * and access list together (the quote's stamp must be read first).
 */
function minimumFor(store: Store, quoteId: string): { calls: number; chain: number } {
  const w = store.getWork(quoteId);
  const prefs = store.caches.preferences();
  const headerChanged =
    w.introMessage !== prefs.introMessage || w.termsAndDisclaimers !== prefs.termsAndDisclaimers;
  const writes =
    1 + // create
    (w.lineItems.length ? 1 : 0) + // every item in one add, add-ons with their parents
    (headerChanged ? 1 : 0) +
    (w.sections.length ? 1 : 0) + // one PUT, new sections with our own ids
    (w.accessList.length ? 1 : 0) +
    (w.attachments.length ? 1 : 0); // one multipart upload
  // The header PUT goes last and answers the whole quote: then only sections and access list
  // are read back (one round trip); otherwise the quote, then those two.
  return headerChanged
    ? { calls: writes + 2, chain: writes + 1 }
    : { calls: writes + 3, chain: writes + 2 };
}

/** What a straightforward client does: one call per entity, one at a time, in order. */
async function naivePush(
  api: ApiClient,
  store: Store,
  quoteId: string,
  files: string,
): Promise<number> {
  const w = store.getWork(quoteId);
  let calls = 0;
  const q = await api.createQuote({ clientId: w.client.id });
  calls++;
  const ids = new Map<string, string>();
  for (const li of w.lineItems) {
    const body =
      li.kind === 'Custom'
        ? {
            type: 'Custom' as const,
            productName: li.product.name,
            billingTerm: li.billingTerm as 'One-Time',
            price: li.price,
            cost: li.cost,
            initialTotal: li.initialTotal ?? 0,
            quantity: li.quantity,
            effectiveDate: li.effectiveDate,
            note: li.note,
          }
        : {
            type: 'Standard' as const,
            productId: li.product.id!,
            billingTerm: li.billingTerm,
            price: li.price,
            quantity: li.quantity,
            effectiveDate: li.effectiveDate,
            note: li.note,
            ...(li.commitmentTerm ? { commitmentTermId: li.commitmentTerm.id } : {}),
          };
    const [r] = await api.addLineItems(q.id, [body]);
    ids.set(li.id, r!.id);
    calls++;
  }
  await api.updateQuote(q.id, {
    expiresOn: w.expiresOn,
    introMessage: w.introMessage,
    termsAndDisclaimers: w.termsAndDisclaimers,
    status: 'draft',
    published: false,
  });
  calls++;
  let sections = (await api.getSections(q.id)).sections;
  calls++;
  for (const s of w.sections) {
    sections = (await api.createSection(q.id, s.name)).sections;
    calls++;
  }
  await api.replaceSections(q.id, {
    sections: w.sections.map((s, k) => ({
      id: sections[k]!.id,
      name: s.name,
      order: s.order,
      lineItems: s.lineItems.map((x) => ({ lineItemId: ids.get(x.lineItemId)!, order: x.order })),
    })),
  });
  calls++;
  for (const e of w.accessList) {
    await api.addAccessList(q.id, [{ email: e.email, accountType: e.accountType }]);
    calls++;
  }
  for (const a of w.attachments) {
    const p = join(files, `${a.sha256}.pdf`);
    writeFileSync(p, store.readFile(a.sha256!));
    await api.uploadQuoteAttachments(q.id, [{ path: p, name: a.name }]);
    calls++;
  }
  return calls;
}

export async function run(opts: SuiteOptions): Promise<Metric[]> {
  const metrics: Metric[] = [];
  // `-- sync edit-link` runs only what one edit costs the link (25 ms and 150 ms each way).
  if (opts.args.includes('edit-link')) return editLinks(opts);
  // `-- sync push` runs only the push of the offline quotes and the pull right after it.
  if (opts.args.includes('push')) return pushAndPull(opts, { pushOnly: true });
  const only = opts.args.includes('large-partner');
  if (!opts.args.includes('first-signin') && !only) {
    metrics.push(...(await pushAndPull(opts)));
    metrics.push(...(await editLinks(opts)));
  }
  if (!only)
    for (const n of SIGN_IN_SIZES)
      metrics.push(...(await firstSignIn(n, DELAY_MS, delayProxy, opts.log)));
  if (!opts.args.includes('first-signin'))
    metrics.push(
      ...(await largePartner(largePartnerSize(opts.args), DELAY_MS, delayProxy, opts.log)),
    );
  return metrics;
}

async function editLinks(opts: SuiteOptions): Promise<Metric[]> {
  const parts = { delayProxy, primedStore, buildQuote };
  return [
    ...(await editLink(DELAY_MS, parts, opts.log)),
    ...(await editLink(150, parts, opts.log)),
  ];
}

async function pushAndPull(opts: SuiteOptions, only = { pushOnly: false }): Promise<Metric[]> {
  const server = await startServer();
  const proxy = await delayProxy(new URL(server.baseUrl), DELAY_MS);
  const viaProxy = (who: { clientId: string; secret: string }) =>
    createApiClient(
      {
        baseUrl: `https://127.0.0.1:${proxy.port}`,
        audience: server.baseUrl,
        clientId: who.clientId,
        caFile: server.caFile,
      },
      { clientSecret: who.secret, connections: 64, retry: { maxAttempts: 1 } },
    );
  const direct = createApiClient(
    {
      baseUrl: server.baseUrl,
      audience: server.baseUrl,
      clientId: BEN.clientId,
      caFile: server.caFile,
    },
    { clientSecret: BEN.secret, connections: 16 },
  );
  const ada = viaProxy(ADA);
  const metrics: Metric[] = [];
  try {
    await ada.getToken();
    // ---------------------------------------------------------------- push
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-sync-'));
    const store = await primedStore(dir, direct);
    opts.log(`building ${QUOTES} offline quotes…`);
    const built = Array.from({ length: QUOTES }, (_, i) => buildQuote(store, i));
    const minimum = minimumFor(store, built[0]!);
    for (const id of built) {
      const m = minimumFor(store, id);
      if (m.calls !== minimum.calls) throw new Error('the bench quotes should all be alike');
    }
    const calls: string[] = [];
    const engine = new SyncEngine({
      store,
      api: counting(ada, calls),
      parallelism: PARALLELISM,
      pull: false,
    });
    opts.log(`pushing with parallelism ${PARALLELISM} through +${DELAY_MS} ms each way…`);
    const t0 = performance.now();
    const report = await engine.syncOnce();
    const wall = (performance.now() - t0) / 1000;
    const synced = Object.values(report.results).filter((s) => s === 'synced').length;
    if (synced !== QUOTES)
      throw new Error(
        `only ${synced} of ${QUOTES} quotes synced: ${JSON.stringify(report.errors).slice(0, 500)}`,
      );
    const perQuote = calls.length / QUOTES;
    const batches = Math.ceil(QUOTES / PARALLELISM);
    const bound = (minimum.chain * 2 * DELAY_MS * batches) / 1000;
    metrics.push(
      atMost(
        `push: requests per quote (minimum for the content: ${minimum.calls})`,
        perQuote,
        'req',
        minimum.calls,
      ),
      info(
        `push: wall time, ${QUOTES} quotes, parallelism ${PARALLELISM}`,
        Math.round(wall * 100) / 100,
        's',
      ),
      info(
        `push: critical-path bound (${minimum.chain} round trips × ceil(${QUOTES}/${PARALLELISM}))`,
        bound,
        's',
      ),
      atMost('push: wall ÷ critical-path bound', Math.round((wall / bound) * 100) / 100, '×', 1.5),
    );
    // The pull that ends a cycle: the quotes just pushed were read back at their latest stamp,
    // so it lists them and reads none of them again.
    const afterCalls: string[] = [];
    const after = await new SyncEngine({
      store,
      api: counting(ada, afterCalls),
      parallelism: PARALLELISM,
    }).syncOnce();
    metrics.push(
      atMost(
        'pull right after the push: pushed quotes read again',
        after.pull?.refreshed ?? -1,
        'quotes',
        0,
      ),
      info('pull right after the push: requests (list pages only)', afterCalls.length, 'req'),
    );
    store.close();
    if (only.pushOnly) return metrics;

    // ---------------------------------------------------------------- naive
    const ndir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-naive-'));
    const nstore = await primedStore(ndir, direct);
    const ids = Array.from({ length: 2 * NAIVE_SAMPLE }, (_, i) => buildQuote(nstore, 10_000 + i));
    opts.log(`naive push of ${NAIVE_SAMPLE} quotes, one call at a time…`);
    let naiveCalls = 0;
    const n0 = performance.now();
    for (const id of ids.slice(0, NAIVE_SAMPLE))
      naiveCalls += await naivePush(ada, nstore, id, ndir);
    const naivePerQuote = (performance.now() - n0) / 1000 / NAIVE_SAMPLE;
    const naiveWall = naivePerQuote * QUOTES;
    // The same naive calls with as many quotes at once as the engine pushes: what batching
    // and ordering gain on their own, parallelism aside.
    opts.log(`naive push of ${NAIVE_SAMPLE} more quotes, ${PARALLELISM} at a time…`);
    const rest = ids.slice(NAIVE_SAMPLE);
    const p0n = performance.now();
    await Promise.all(
      Array.from({ length: PARALLELISM }, async () => {
        for (let id = rest.shift(); id; id = rest.shift()) await naivePush(ada, nstore, id, ndir);
      }),
    );
    const naiveParallelWall = ((performance.now() - p0n) / 1000) * (QUOTES / NAIVE_SAMPLE);
    nstore.close();
    metrics.push(
      info('naive: requests per quote', naiveCalls / NAIVE_SAMPLE, 'req'),
      info(
        `naive: wall time for ${QUOTES} quotes (${NAIVE_SAMPLE} measured, sequential)`,
        Math.round(naiveWall * 10) / 10,
        's',
      ),
      atLeast('push speed-up over naive', Math.round((naiveWall / wall) * 10) / 10, '×', 8),
      info(
        `naive with ${PARALLELISM} quotes at once: wall time for ${QUOTES} (${NAIVE_SAMPLE} measured)`,
        Math.round(naiveParallelWall * 10) / 10,
        's',
      ),
      info(
        'push speed-up over naive at the same parallelism',
        Math.round((naiveParallelWall / wall) * 10) / 10,
        '×',
      ),
    );

    // ---------------------------------------------------------------- pull
    opts.log(`creating ${PULL_TOTAL} remote quotes…`);
    const made: Awaited<ReturnType<ApiClient['createQuote']>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < PULL_TOTAL - QUOTES)
          made.push(await direct.createQuote({ clientId: CLIENTS.acme.id }));
      }),
    );
    const pdir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-pull-'));
    const pstore = openStore(join(pdir, 'quotedesk.sqlite'), { integrityCheck: 'none' });
    pstore.setIdentity({ user: ADA.user, partner: null, currency: 'USD' });
    // The device already holds every quote of the partner, as after earlier pulls: the first
    // full pull runs without the proxy, then the created quotes are imported from their answers.
    opts.log('first (full) pull, without the delay…');
    const fast = createApiClient(
      {
        baseUrl: server.baseUrl,
        audience: server.baseUrl,
        clientId: ADA.clientId,
        caFile: server.caFile,
      },
      { clientSecret: ADA.secret, connections: 16 },
    );
    pstore.transaction(() => {
      for (const q of made)
        engineStore(pstore).sync.importRemote({ quote: q, sections: [], accessList: [] });
    });
    await new SyncEngine({ store: pstore, api: fast }).syncOnce();
    await fast.close();
    const known = pstore.listQuotes({ account: 'partner', limit: 1 }).page.totalElements;
    opts.log(`changing ${PULL_CHANGED} of ${known} quotes remotely…`);
    for (const id of made.slice(0, PULL_CHANGED).map((q) => q.id)) {
      const q = await direct.getQuote(id);
      await direct.updateQuote(id, {
        expiresOn: q.expiresOn,
        introMessage: 'changed remotely',
        termsAndDisclaimers: q.termsAndDisclaimers,
        status: q.status,
        published: q.published,
      });
    }
    const pullCalls: string[] = [];
    const inc = new SyncEngine({ store: pstore, api: counting(ada, pullCalls) });
    const p0 = performance.now();
    const pr = await inc.syncOnce();
    const pullWall = (performance.now() - p0) / 1000;
    if (pr.pull?.refreshed !== PULL_CHANGED)
      throw new Error(`incremental pull refreshed ${pr.pull?.refreshed}, not ${PULL_CHANGED}`);
    metrics.push(
      info(`pull: quotes held locally`, known, 'quotes'),
      atMost(
        `pull: requests when ${PULL_CHANGED} of ${known} changed (1 list page + 3 reads each)`,
        pullCalls.length,
        'req',
        1 + 3 * PULL_CHANGED,
      ),
      info('pull: wall time of that incremental pull', Math.round(pullWall * 1000) / 1000, 's'),
    );
    pstore.close();
    void LAST_PULL;
  } finally {
    await ada.close();
    await direct.close();
    await proxy.close();
    await server.stop();
  }
  return metrics;
}
