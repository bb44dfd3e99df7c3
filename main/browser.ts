// Browser mode as a bundle of its own (out/main/browser.cjs, built beside Electron's main):
// the core and its loopback bridge on plain Node, with the bundled embedded Quoting API, as
// `npm start` runs them from the sources. The fault suite (test/faults) and the benches start
// this file, so what they test is what ships.
//   node out/main/browser.cjs --data-dir DIR [--port N] [--token T] [--no-embedded]
//                             [--without-keychain ask|unencrypted]
// Prints one line of JSON once the page can be opened (the bridge listens; calls wait for the
// core while it opens): {"pageUrl","origin","token","pid"}, and a second, {"open":true}, once
// the core is open. SIGTERM and SIGINT close the core (a running sync step finishes) and the
// bridge.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBrowserApp } from './bridge/browser-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      'no-embedded': { type: 'boolean' },
      'without-keychain': { type: 'string' },
      version: { type: 'string' },
    },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir is required');
  const withoutKeychain = values['without-keychain'] === 'unencrypted' ? 'unencrypted' : 'ask';
  const app = runBrowserApp({
    core: {
      dataDir,
      platform: { mode: 'browser' },
      version: values.version ?? '0.0.0',
      withoutKeychain,
      embedded: values['no-embedded']
        ? null
        : {
            run: { command: process.execPath, args: [path.join(out, 'server', 'cli.cjs')] },
            seedFile: path.join(out, 'server', 'seed', 'demo.json'),
          },
    },
    staticDir: path.join(out, 'renderer'),
    ...(values.port ? { port: Number(values.port) } : {}),
    ...(values.token ? { token: values.token } : {}),
    // The page can load while the core opens: its calls wait for the core.
    onListening: ({ pageUrl, origin, token }) =>
      process.stdout.write(`${JSON.stringify({ pageUrl, origin, token, pid: process.pid })}\n`),
  });
  // From the ready line on, a signal closes the app, the core's start finishing first.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void app.then((a) => a.close()).finally(() => process.exit(0));
    });
  }
  await app;
  process.stdout.write(`${JSON.stringify({ open: true })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Quotedesk could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
