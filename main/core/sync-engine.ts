import path from 'node:path';
import fs from 'node:fs';
import { SyncEngine } from '../sync';
import type { SyncFactory } from './sync-port';

/** The real engine of main/sync behind the services' port, its events onto the hub. */
export function engineSyncFactory(tmpRoot: string): SyncFactory {
  return ({ store, api, hub, log }) => {
    const tmpDir = path.join(tmpRoot, 'sync');
    fs.mkdirSync(tmpDir, { recursive: true });
    const engine = new SyncEngine({ store, api, tmpDir });
    let cycleRunning = false;
    engine.on((e) => {
      try {
        if (e.type === 'status') {
          const was = cycleRunning;
          cycleRunning = e.status.running;
          if (was !== cycleRunning) {
            log.info(cycleRunning ? 'sync.cycle_started' : 'sync.cycle_ended', {
              pending: e.status.pendingCount,
              ...(e.status.lastError ? { lastError: e.status.lastError } : {}),
            });
          }
          hub.emit('sync.state', e.status);
        } else if (e.type === 'progress') {
          const { type: _type, ...progress } = e;
          hub.emit('sync.progress', progress);
        } else {
          log.info('sync.quote', { quoteId: e.quoteId, state: e.state, message: e.message });
          hub.emit('sync.quoteState', {
            quoteId: e.quoteId,
            sync: { state: e.state, ...(e.message ? { message: e.message } : {}) },
          });
        }
      } catch (error) {
        log.warn('sync.event_dropped', { error: String(error) });
      }
    });
    engine.start();
    return {
      status: () => engine.status(),
      // A wake-up during a cycle is kept by the engine and runs the next cycle right after.
      runNow: () => engine.runNow(),
      changed: () => engine.notifyChanged(),
      opened: (quoteId) => engine.opened(quoteId),
      pause: () => engine.pause(),
      resume: () => engine.resume(),
      stop: () => engine.stop(),
    };
  };
}
