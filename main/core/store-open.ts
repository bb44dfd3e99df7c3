// Opening a profile's store, repaired when its file is damaged: a failed check at open must
// not keep the app from starting, nor strand the unsynced changes in that file.
import type { RecoveryReport } from '../../common/ipc';
import { openStore, repairStore, StoreCorruptError, type RepairReport, type Store } from '../store';
import { errorFields, type Logger } from './log';

export function openOrRepair(
  file: string,
  opts: { filesDir: string; repair: boolean; log: Logger; key?: Uint8Array | null },
): { store: Store; repaired: RecoveryReport | null } {
  const repair = (): { store: Store; repaired: RecoveryReport } => {
    const { store, report } = repairStore(file, { filesDir: opts.filesDir, key: opts.key ?? null });
    opts.log.warn('store.repaired', {
      recovered: report.recovered.length,
      lost: report.lost.length,
    });
    return { store, repaired: recoveryView(report) };
  };
  if (opts.repair) return repair();
  try {
    return {
      store: openStore(file, { filesDir: opts.filesDir, key: opts.key ?? null }),
      repaired: null,
    };
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) throw error;
    opts.log.warn('store.damaged_at_open', errorFields(error));
    return repair();
  }
}

/** The repair's outcome in the salesperson's words. */
export function recoveryView(report: RepairReport | null): RecoveryReport {
  if (!report) return { recovered: [], lost: [], movedTo: '', message: 'Nothing to repair.' };
  const n = report.recovered.length;
  const parts = [
    'The local copy of your quotes was damaged and has been repaired: everything synced is being downloaded again.',
    n > 0
      ? `${n} quote${n === 1 ? '' : 's'} with changes not yet synced ${n === 1 ? 'was' : 'were'} recovered and will sync.`
      : 'No change that was not yet synced needed recovering.',
  ];
  if (report.lost.length > 0) parts.push(`Could not be recovered: ${report.lost.join(' ')}`);
  parts.push(`The damaged file was kept at ${report.movedTo}.`);
  return { ...report, message: parts.join(' ') };
}
