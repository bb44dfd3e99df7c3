// npm run server -- --port <n> --data-dir <dir> --seed <file>
// Prints one JSON line to stdout when ready; everything else goes to stderr.
import { parseArgs } from 'node:util';
import { log } from './http/log';
import { startServer } from './start';

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run server -- --port <n> --data-dir <dir> [--seed <file>]\n`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port ?? '') || port > 65535)
    usage(`--port must be a number 0…65535 (got ${values.port})`);
  const dataDir = values['data-dir'];
  if (!dataDir) usage('--data-dir is required');

  const server = await startServer({
    port,
    dataDir,
    ...(values.seed ? { seed: values.seed } : {}),
  });
  process.stdout.write(
    `${JSON.stringify({ event: 'listening', baseUrl: server.baseUrl, caFile: server.caFile })}\n`,
  );

  const stop = (signal: string) => {
    log('info', 'shutdown', { signal });
    server.close().then(
      () => process.exit(0),
      (e: Error) => {
        log('error', 'shutdown-failed', { error: e.message });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((e: Error) => {
  log('error', 'start-failed', { error: e.message });
  process.exit(1);
});
