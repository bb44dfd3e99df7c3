// The Quoting API under load from a second process: the server runs as its own process (as
// `npm run server` starts it) with a partner holding 10,000 quotes; this process drives it
// over HTTPS with 16 concurrent requests on pooled connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startServer } from '../test/helpers/server';
import {
  PRODUCTS,
  atLeast,
  atMost,
  info,
  percentile,
  writeSeed,
  type Metric,
  type SuiteOptions,
} from './lib';

export const description =
  'Quoting API server: list (search, sort) and add line items, 10,000 quotes, concurrency 16';

const QUOTES = 10_000;
const CONCURRENCY = 16;
const LIST_REQUESTS = 3_000;
const ADD_REQUESTS = 3_000;
const ADA = 'b0a9d703-1f07-4046-81c9-40e9b0597a6d';

/** The demo seed plus 10,000 quotes of Ada's, each with one to three line items. */
function bigSeed(dir: string): { file: string; quoteIds: string[] } {
  const file = join(dir, 'bench-seed.json');
  const quoteIds = writeSeed(file, {
    count: QUOTES,
    createdBy: () => ADA,
    lineItems: (i) => 1 + (i % 3),
  });
  return { file, quoteIds };
}

interface Run {
  name: string;
  seconds: number;
  times: number[];
  errors: number;
}

/** `count` requests made by `CONCURRENCY` workers; each request's latency is kept. */
async function load(
  name: string,
  count: number,
  send: (i: number) => Promise<number>,
): Promise<Run> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        const status = await send(i);
        times.push(performance.now() - t);
        if (status >= 400) errors++;
      }
    }),
  );
  return {
    name,
    seconds: (performance.now() - started) / 1000,
    times: times.sort((a, b) => a - b),
    errors,
  };
}

function metrics(run: Run, p99Target: number): Metric[] {
  const r = (x: number) => Math.round(x * 100) / 100;
  return [
    info(`${run.name} throughput`, Math.round(run.times.length / run.seconds), 'req/s'),
    info(`${run.name} p50`, r(percentile(run.times, 50)), 'ms'),
    atMost(`${run.name} p99`, r(percentile(run.times, 99)), 'ms', p99Target),
    atMost(`${run.name} errors`, run.errors, 'responses', 0),
  ];
}

export async function run(opts: SuiteOptions): Promise<Metric[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-server-'));
  try {
    opts.log(`writing a seed with ${QUOTES.toLocaleString('en-US')} quotes…`);
    const { file, quoteIds } = bigSeed(dir);
    opts.log('starting the server (loads the seed)…');
    const loadStarted = performance.now();
    const server = await startServer({ seed: file, dataDir: join(dir, 'data') });
    const seedSeconds = (performance.now() - loadStarted) / 1000;
    const agent = new Agent({
      connect: { ca: server.ca },
      connections: CONCURRENCY,
      pipelining: 1,
    });
    try {
      const tokenRes = await request(`${server.baseUrl}/v1/token`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          audience: server.baseUrl,
          grant_type: 'client_credentials',
          client_id: 'northwind-ada',
          client_secret: 'demo-secret-northwind-ada-7f3k',
        }),
      });
      const { access_token: token } = (await tokenRes.body.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      const get = async (path: string) => {
        const r = await request(server.baseUrl + path, { dispatcher: agent, headers: auth });
        await r.body.arrayBuffer();
        return r.statusCode;
      };

      const searches = ['acme', 'blue fjord', 'q-2026-0004', 'ada stone', '1899', 'cedar'];
      const sorts = [
        'updatedOn,desc',
        'createdOn,asc',
        'totals.recurringTotal,desc',
        'client.name,asc',
      ];
      const sortedPath = (i: number) =>
        `/v2/quotes?account=partner&limit=50&page=${i % 20}&sort=${sorts[i % sorts.length]}`;
      const searchPath = (i: number) =>
        `/v2/quotes?account=partner&limit=50&search=${encodeURIComponent(searches[i % searches.length]!)}&sort=updatedOn,desc`;
      // The targets are for a server that has been running: every distinct request is made once
      // first (its statements prepared, its list entries built), and that first pass is printed
      // on its own.
      opts.log('first pass over every distinct list request…');
      const firstPass = await load('GET /v2/quotes limit 50, first pass', 20 + 6, (i) =>
        get(i < 20 ? sortedPath(i) : searchPath(i - 20)),
      );
      opts.log(`${LIST_REQUESTS} list requests with sort…`);
      const sorted = await load('GET /v2/quotes limit 50, sort', LIST_REQUESTS, (i) =>
        get(sortedPath(i)),
      );
      opts.log(`${LIST_REQUESTS} list requests with search…`);
      const searched = await load('GET /v2/quotes limit 50, search', LIST_REQUESTS, (i) =>
        get(searchPath(i)),
      );

      opts.log(`${ADD_REQUESTS} line-item adds…`);
      const added = await load('POST /v2/quotes/{id}/line-items', ADD_REQUESTS, async (i) => {
        // Spread over the draft quotes so no quote reaches the 30-item limit.
        const quoteId = quoteIds[((i * 7) % quoteIds.length) - (((i * 7) % quoteIds.length) % 7)]!;
        const r = await request(`${server.baseUrl}/v2/quotes/${quoteId}/line-items`, {
          method: 'POST',
          dispatcher: agent,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify([
            {
              type: 'Standard',
              productId: PRODUCTS[0]![0],
              billingTerm: 'Monthly',
              price: 21.5,
              quantity: 1 + (i % 9),
              effectiveDate: '2026-01-01T00:00:00Z',
            },
          ]),
        });
        await r.body.arrayBuffer();
        return r.statusCode;
      });

      return [
        info('seed load and start (10,000 quotes)', Math.round(seedSeconds * 10) / 10, 's'),
        info(
          'GET /v2/quotes limit 50, first pass max',
          Math.round(firstPass.times.at(-1)! * 100) / 100,
          'ms',
        ),
        ...metrics(sorted, 50),
        ...metrics(searched, 50),
        ...metrics(added, 30),
        atLeast(
          'list requests made',
          sorted.times.length + searched.times.length,
          'requests',
          LIST_REQUESTS * 2,
        ),
      ];
    } finally {
      await agent.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
