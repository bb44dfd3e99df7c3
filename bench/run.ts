// `npm run bench [-- <suite>|all|--list] [--json] [suite args…]`: runs benchmark suites (all of
// them when none is named) and prints their figures next to their targets. Exit status 1 when a target is missed or a suite fails.
import os from 'node:os';
import {
  formatJsonLines,
  info,
  formatTable,
  listSuites,
  loadSuite,
  type SuiteOptions,
  type SuiteResult,
} from './lib';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The machine's load as the suite ends: figures from a busy machine are read with it. */
function machineLoad() {
  const [one = 0, five = 0] = os.loadavg();
  return info(
    `machine load at the end (1-min avg; 5-min ${five.toFixed(2)}; ${os.cpus().length} cores)`,
    Math.round(one * 100) / 100,
    'procs',
  );
}

async function printSuites(): Promise<void> {
  const names = await listSuites();
  const lines = ['usage: npm run bench [-- <suite>|all|--list] [--json]', '', 'suites:'];
  for (const name of names) {
    const { description } = await loadSuite(name);
    lines.push(`  ${name.padEnd(16)}${description ?? ''}`);
  }
  console.log(lines.join('\n'));
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  if (argv.includes('--list')) {
    await printSuites();
    return 0;
  }
  const rest = argv.filter((a) => a !== '--json');
  const [requested = 'all', ...args] = rest;
  const known = await listSuites();
  if (requested !== 'all' && !known.includes(requested)) {
    log(`unknown suite "${requested}"; known suites: ${known.join(', ') || '(none)'}`);
    return 2;
  }
  const names = requested === 'all' ? known : [requested];
  const opts: SuiteOptions = { args, log };
  const results: SuiteResult[] = [];
  let failed = false;
  for (const suite of names) {
    log(`running ${suite}…`);
    try {
      const metrics = [...(await (await loadSuite(suite)).run(opts)), machineLoad()];
      results.push({ suite, metrics });
      if (metrics.some((m) => m.pass === false)) failed = true;
    } catch (err) {
      failed = true;
      log(
        `suite ${suite} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
    }
  }
  console.log(json ? formatJsonLines(results) : formatTable(results));
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
