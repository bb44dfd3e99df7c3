import type { SyncStatus } from '../../common/ipc';
import type { Store } from '../store';
import { SyncEngine } from '../sync';
import { loggableMessage } from './log';
import type { SyncFactory } from './sync-port';

const SYNC_FULL =
  'Sync has stopped saving: the disk is full. It carries on by itself once there is space.';
const SYNC_READ_ONLY =
  'Sync has stopped saving: the folder Quotedesk keeps quotes in cannot be written. It carries on by itself once it can.';
const SYNC_DAMAGED =
  'Sync has stopped: the local copy of your quotes is damaged. Choose "Repair" to recover it.';

/** The engine's status, with the store's condition said in words when it is what stops sync. */
function explained(store: Store, s: SyncStatus): SyncStatus {
  const c = store.condition();
  if (c.damaged !== null) return { ...s, lastError: SYNC_DAMAGED };
  if (c.full) return { ...s, lastError: SYNC_FULL };
  if (c.readOnly) return { ...s, lastError: SYNC_READ_ONLY };
  return s;
}

/** The real engine of main/sync behind the services' port, its events onto the hub. */
export function engineSyncFactory(): SyncFactory {
  return ({ store, api, hub, log }) => {
    const engine = new SyncEngine({ store, api });
    let cycleRunning = false;
    engine.on((e) => {
      try {
        if (e.type === 'status') {
          const was = cycleRunning;
          cycleRunning = e.status.running;
          if (was !== cycleRunning) {
            log.info(cycleRunning ? 'sync.cycle_started' : 'sync.cycle_ended', {
              pending: e.status.pendingCount,
              ...(e.status.lastError ? { lastError: loggableMessage(e.status.lastError) } : {}),
              // The user's words say what happened; the transport's say why (a system code).
              ...(engine.failureDetail() ? { cause: loggableMessage(engine.failureDetail()) } : {}),
            });
          }
          hub.emit('sync.state', explained(store, e.status));
        } else {
          // A quote's own state is its owner's to say: the store's transition (session.ts).
          const { type: _type, ...progress } = e;
          hub.emit('sync.progress', progress);
        }
      } catch (error) {
        log.warn('sync.event_dropped', { error: String(error) });
      }
    });
    // Space came back (a write went through): what waited goes now, not after the backoff.
    let wasFull = false;
    const offCondition = store.onCondition((c) => {
      if (wasFull && !c.full && !c.readOnly && c.damaged === null) engine.runNow();
      wasFull = c.full || c.readOnly;
      hub.emit('sync.state', explained(store, engine.status()));
    });
    engine.start();
    return {
      status: () => explained(store, engine.status()),
      // A wake-up during a cycle is kept by the engine and runs the next cycle right after.
      runNow: () => engine.runNow(),
      changed: () => engine.notifyChanged(),
      flushQuote: (quoteId) => engine.flushQuote(quoteId),
      opened: (quoteId) => engine.opened(quoteId),
      keepAllOffline: (on) => engine.keepAllOffline(on),
      pause: () => engine.pause(),
      resume: () => engine.resume(),
      stop: () => {
        offCondition();
        return engine.stop();
      },
    };
  };
}
