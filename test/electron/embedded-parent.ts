// Run as its own process by packaged-server.test.ts: starts the bundled server the way the
// app does (a child that watches its parent), prints the child's pid, then waits to be killed.
import { startEmbeddedServer } from '../../main/core/embedded-server';
import { silentLogger } from '../../main/core/log';

const [serverCjs, dataDir, seedFile] = process.argv.slice(2) as [string, string, string];
const server = await startEmbeddedServer({
  run: { command: process.execPath, args: [serverCjs] },
  dataDir,
  seedFile,
  log: silentLogger,
});
process.stdout.write(`${JSON.stringify({ pid: server.pid, baseUrl: server.baseUrl })}\n`);
setInterval(() => {}, 1000);
