// npm run server -- --port <n> --data-dir <dir> --seed <file> [--parent-pid <pid>] [--http1-only]
// Prints one JSON line to stdout when ready; everything else goes to stderr.
// With --parent-pid (the desktop app's embedded server) it ends with its parent: when the
// app is killed, nothing is left holding the port and the database.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log } from './http/log';
import { startServer } from './start';

/** Where the desktop app puts the embedded server's client secret. */
const CLIENT_SECRET_ENV = 'QUOTEDESK_EMBEDDED_CLIENT_SECRET';

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run server -- --port <n> --data-dir <dir> [--seed <file>] [--http1-only]\n`,
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
        'parent-pid': { type: 'string' },
        'http1-only': { type: 'boolean', default: false },
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
  const parentPid = values['parent-pid'] === undefined ? null : Number(values['parent-pid']);
  if (parentPid !== null && !(Number.isInteger(parentPid) && parentPid > 0))
    usage(`--parent-pid must be a process id (got ${values['parent-pid']})`);

  // The desktop app's embedded server: this installation's own client secret, handed over in
  // the environment (never on the command line, which other local users can read).
  const clientSecret = process.env[CLIENT_SECRET_ENV];
  delete process.env[CLIENT_SECRET_ENV];
  const server = await startServer({
    ...(clientSecret ? { clientSecret } : {}),
    port,
    dataDir,
    ...(values.seed ? { seed: values.seed } : {}),
    http2: !values['http1-only'],
  });
  // Who holds this data directory, so a later start can end a leftover run of ours.
  const pidFile = path.join(server.dataDir, 'server.pid');
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  process.stdout.write(
    `${JSON.stringify({ event: 'listening', baseUrl: server.baseUrl, caFile: server.caFile })}\n`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutdown', { signal });
    try {
      if (fs.readFileSync(pidFile, 'utf8').trim() === String(process.pid)) fs.rmSync(pidFile);
    } catch {
      // already gone
    }
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
  if (parentPid !== null) watchParent(parentPid, () => stop('parent-gone'));
}

/**
 * Calls `gone` once the parent process is no more: its IPC channel closes (a forked child or
 * a utility process), or — whatever the channel — the process is gone or we were handed to
 * another parent (a kill -9 leaves no channel to close on some platforms).
 */
function watchParent(parentPid: number, gone: () => void): void {
  const firstPpid = process.ppid;
  if (process.send) process.once('disconnect', gone);
  const port = (process as { parentPort?: NodeJS.EventEmitter }).parentPort;
  port?.once('close', gone);
  const alive = () => {
    try {
      process.kill(parentPid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const timer = setInterval(() => {
    if (process.ppid !== firstPpid || !alive()) {
      clearInterval(timer);
      gone();
    }
  }, 500);
  timer.unref();
}

main().catch((e: Error) => {
  log('error', 'start-failed', { error: e.message });
  process.exit(1);
});
