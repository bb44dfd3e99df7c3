// Run as its own process by packaged-server.test.ts: starts the bundled server the way the
// app does (a child that watches its parent) — as a plain child process (`spawn`), or forked
// with an IPC channel as Electron's utility process is (`fork`) — prints the child's pid,
// then waits to be killed.
import { fork } from 'node:child_process';
import { startEmbeddedServer, type ServerLauncher } from '../../main/core/embedded-server';
import { silentLogger } from '../../main/core/log';

const [serverCjs, dataDir, seedFile, mode] = process.argv.slice(2) as [
  string,
  string,
  string,
  'spawn' | 'fork',
];

const forked: ServerLauncher = (args, env) => {
  const child = fork(serverCjs, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [],
    env: { ...process.env, ...env },
  });
  return {
    pid: child.pid,
    stdout: child.stdout,
    stderr: child.stderr,
    kill: (signal) => child.kill(signal),
    onExit: (l) => void child.once('exit', (code) => l(code)),
  };
};

const server = await startEmbeddedServer({
  run: mode === 'fork' ? forked : { command: process.execPath, args: [serverCjs] },
  dataDir,
  seedFile,
  clientSecret: 'secret-of-this-installation',
  log: silentLogger,
});
process.stdout.write(`${JSON.stringify({ pid: server.pid, baseUrl: server.baseUrl })}\n`);
setInterval(() => {}, 1000);
