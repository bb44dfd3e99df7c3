import type { StoreHealth } from '../../common/ipc';
import type { StoreCondition } from '../store';
import type { ServiceContext } from './context';
import type { Group } from './group';

export const DAMAGED_MESSAGE =
  "Quotedesk's copy of your quotes on this computer is damaged, so changes cannot be saved. " +
  'Choose "Repair": your changes not yet synced are read back from it, and everything else is ' +
  'downloaded again. (Quotedesk also repairs it when it next starts.)';
export const READ_ONLY_MESSAGE =
  'Quotedesk cannot write to its folder on this computer (it was made read-only, or its disk ' +
  'is gone, or another program holds the file) — this change was not saved. Everything saved before is safe; Quotedesk carries on ' +
  'by itself once the folder can be written again.';
export const FULL_MESSAGE =
  'The disk is full — this change was not saved. Free some space: Quotedesk carries on by itself.';

/** The store's condition as the UI shows it. */
export function healthView(c: StoreCondition): StoreHealth {
  const damaged = c.damaged !== null;
  return {
    damaged,
    full: c.full,
    readOnly: c.readOnly,
    message: damaged
      ? DAMAGED_MESSAGE
      : c.full
        ? FULL_MESSAGE
        : c.readOnly
          ? READ_ONLY_MESSAGE
          : null,
  };
}

export function storeHandlers(ctx: ServiceContext): Group<'store'> {
  return {
    // A store not open yet (the lock screen asks for its passphrase or the first choice) has
    // no condition to report: the lock screen says why, once, and this is no failure.
    'store.health': () =>
      ctx.storeAccess().state === 'open'
        ? { ...healthView(ctx.store().condition()), lastRepair: ctx.lastRepair() }
        : { damaged: false, full: false, readOnly: false, message: null },
    'store.recover': () => ctx.recoverStore(),
  };
}
