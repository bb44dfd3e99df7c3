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
    // The engine only wakes from its sleep: a nudge that arrives while a cycle runs would
    // wait for the next pull interval. Keep it, and deliver it once the cycle has ended.
    let cycleRunning = false;
    let nudge: 'changed' | 'runNow' | null = null;
    let stopped = false;
    const deliver = () => {
      if (stopped || !nudge) return;
      const kind = nudge;
      nudge = null;
      if (kind === 'runNow') return engine.runNow();
      engine.notifyChanged();
      // notifyChanged only cuts a plain sleep; when it did not start a cycle and the engine
      // is not backing off after a failure, the edit must not wait for the next pull.
      setTimeout(() => {
        if (
          !stopped &&
          !cycleRunning &&
          !engine.status().lastError &&
          engine.status().pendingCount > 0
        ) {
          engine.runNow();
        }
      }, 50);
    };
    const request = (kind: 'changed' | 'runNow') => {
      // Kept until a cycle starts: the engine may be between cycles, not yet asleep, when
      // this arrives, and then its wake-up would find no one to wake.
      nudge = nudge === 'runNow' ? nudge : kind;
      if (cycleRunning) return;
      // Direct first; the kept nudge covers the case where the engine was not asleep yet.
      if (kind === 'runNow') engine.runNow();
      else engine.notifyChanged();
      setTimeout(() => {
        if (!cycleRunning && nudge) deliver();
      }, 50);
    };
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
          // Everything dirty when a cycle starts is in it; only later nudges must wait.
          if (!was && cycleRunning) nudge = null;
          // After the loop has gone back to sleep (a macrotask later), so the wake-up lands.
          if (was && !cycleRunning && nudge) setTimeout(deliver, 0);
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
      runNow: () => request('runNow'),
      changed: () => request('changed'),
      pause: () => engine.pause(),
      resume: () => engine.resume(),
      stop: () => {
        stopped = true;
        return engine.stop();
      },
    };
  };
}
