// The sync simulation: `npm run test:sim -- --seeds N [--from S] [--seed S] [--steps K] [--verbose] [--json file]`.
// One real server for all seeds; each seed gets a fresh device and an emptied server view.
// Prints the failing seeds (re-run one with --seed S --verbose) and exits non-zero on any.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer } from '../helpers/server';
import { ADA, BEN, client } from '../sync/harness';
import { runSeed, type SeedResult, type SimEnv } from './scenario';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const single = arg('seed');
  const count = Number(arg('seeds') ?? 20);
  const from = Number(arg('from') ?? 1);
  const verbose = process.argv.includes('--verbose');
  const json = arg('json');
  const steps = arg('steps') ? Number(arg('steps')) : undefined;
  const seeds = single ? [Number(single)] : Array.from({ length: count }, (_, i) => from + i);

  const server = await startServer();
  const ada = client(server, ADA);
  const ben = client(server, BEN);
  const results: SeedResult[] = [];
  const t0 = Date.now();
  try {
    const page = await ada.listProducts({ size: 100 });
    const pricing = new Map<string, unknown[]>();
    for (const p of page.content) pricing.set(p.id, (await ada.getProductPricing(p.id)).content);
    const env: SimEnv = {
      ada,
      ben,
      catalogue: { products: page.content, pricing },
      pdfDir: mkdtempSync(join(tmpdir(), 'quotedesk-sim-pdf-')),
    };
    for (const seed of seeds) {
      const r = await runSeed(seed, env, steps ? { steps } : {});
      results.push(r);
      const line = `seed ${seed}: ${r.ok ? 'ok' : 'FAILED'} (${r.ms} ms, ${r.crashes} crashes, ${r.faults} faulty cycles)`;
      if (!r.ok || verbose) console.log(line);
      if (!r.ok) for (const p of r.problems) console.log(`  ${p}`);
      if (verbose) for (const l of r.log) console.log(`    ${l}`);
    }
  } finally {
    await ada.close();
    await ben.close();
    await server.stop();
  }
  const failed = results.filter((r) => !r.ok);
  const ms = Date.now() - t0;
  console.log(
    `simulation: ${results.length - failed.length} passed, ${failed.length} failed, ${results.reduce((n, r) => n + r.crashes, 0)} crashes, ${ms} ms (${Math.round(ms / Math.max(1, results.length))} ms/seed)`,
  );
  const sites = new Map<string, number>();
  for (const r of results) for (const c of r.crashSites) sites.set(c, (sites.get(c) ?? 0) + 1);
  const siteList = [...sites].sort(([a], [b]) => (a < b ? -1 : 1));
  console.log(`crash sites: ${siteList.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  if (failed.length)
    console.log(
      `failing seeds: ${failed.map((r) => r.seed).join(' ')} (re-run: npm run test:sim -- --seed <n> --verbose)`,
    );
  if (json) {
    mkdirSync(dirname(json), { recursive: true });
    writeFileSync(
      json,
      JSON.stringify({
        passed: results.length - failed.length,
        failed: failed.length,
        failingSeeds: failed.map((r) => r.seed),
      }),
    );
  }
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
