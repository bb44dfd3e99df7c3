// The app's core and loopback bridge in a process of their own, so an end-to-end test can kill
// it abruptly (SIGKILL: no shutdown, no flush) and start it again on the same data directory.
// Prints one line of JSON when ready: {"pageUrl": "..."}.
//   node --import tsx test/e2e/core-child.ts <dataDir> <staticDir>
import { startBridge } from '../../main/bridge';
import { createCore, silentLogger } from '../../main/core';
import { engineSyncFactory } from '../../main/core/sync-engine';

const [dataDir, staticDir] = process.argv.slice(2);
const core = await createCore({
  dataDir: dataDir!,
  platform: { mode: 'browser' },
  version: 'e2e',
  log: silentLogger,
  embedded: null,
  withoutKeychain: 'unencrypted',
  syncFactory: engineSyncFactory(),
});
const bridge = await startBridge({ dispatch: core.dispatch, hub: core.hub, staticDir: staticDir! });
process.stdout.write(`${JSON.stringify({ pageUrl: bridge.pageUrl })}\n`);
