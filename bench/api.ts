// The API client against the real server over HTTPS on 127.0.0.1: latency of one call,
// throughput of parallel calls on the pooled connections, token requests made.
import { createApiClient, type ApiEvent } from '../main/api';
import { startServer } from '../test/helpers/server';
import { atLeast, atMost, info, type Metric, type SuiteOptions } from './lib';

export const description =
  'API client: GET latency, parallel throughput, token reuse (real HTTPS server)';

const ACME = 'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function run(opts: SuiteOptions): Promise<Metric[]> {
  const server = await startServer();
  const events: ApiEvent[] = [];
  const client = createApiClient(
    {
      baseUrl: server.baseUrl,
      audience: server.baseUrl,
      clientId: 'northwind-ada',
      caFile: server.caFile,
    },
    { clientSecret: 'demo-secret-northwind-ada-7f3k', onEvent: (e) => events.push(e) },
  );
  try {
    const quote = await client.createQuote({ clientId: ACME });
    for (let i = 0; i < 20; i++) await client.getQuote(quote.id); // warm-up

    const sequential = 200;
    opts.log(`${sequential} sequential GETs…`);
    const times: number[] = [];
    for (let i = 0; i < sequential; i++) {
      const t = performance.now();
      await client.getQuote(quote.id);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);

    const parallel = 400;
    const workers = 8;
    opts.log(`${parallel} GETs on ${workers} workers…`);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next++ < parallel) await client.getQuote(quote.id);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const tokens = events.filter((e) => e.type === 'token' && e.outcome === 'fetched').length;
    return [
      atMost('GET quote p50 (sequential)', Math.round(percentile(times, 50) * 10) / 10, 'ms', 50),
      atMost('GET quote p99 (sequential)', Math.round(percentile(times, 99) * 10) / 10, 'ms', 250),
      atLeast(
        `GET quote throughput (${workers} parallel)`,
        Math.round(parallel / seconds),
        'req/s',
        100,
      ),
      atMost('token requests for all calls', tokens, 'requests', 1),
      info('calls made', sequential + parallel + 21, 'calls'),
    ];
  } finally {
    await client.close();
    await server.stop();
  }
}
