// A file the user saves where they chose (a proposal, an attachments zip, a kit, a drafts file):
// written beside the target and renamed over it only once whole, so a full disk or a folder that
// cannot be written never leaves a half-written file where the user expects the whole one. The
// failure is said in words naming the file, never in Node's.
import fs from 'node:fs';
import path from 'node:path';
import { ServiceError } from './errors';

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const NOT_WRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EISDIR']);

/** The words for a failed save of `target`: what happened, and that nothing was left. */
export function saveFailed(target: string, error: unknown): ServiceError {
  const code = String((error as { code?: unknown }).code ?? '');
  const name = path.basename(target);
  if (FULL.has(code))
    return new ServiceError(
      'DISK_FULL',
      `The disk is full: “${name}” was not saved, and no part of it was left there. Free some space and save again.`,
      { field: 'path' },
    );
  const why = NOT_WRITABLE.has(code)
    ? 'that folder cannot be written (it is read-only, gone, or not yours)'
    : 'the disk refused the write';
  return new ServiceError(
    'VALIDATION',
    `“${name}” was not saved: ${why}. Nothing was left there; choose another folder.`,
    { field: 'path' },
  );
}

/** Writes `bytes` to `target` whole or not at all; throws `saveFailed`'s words. */
export function saveWhole(target: string, bytes: Buffer | string, mode?: number): void {
  const tmp = `${target}.${process.pid}.part`;
  try {
    fs.writeFileSync(tmp, bytes, mode === undefined ? undefined : { mode });
    fs.renameSync(tmp, target);
  } catch (error) {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // The part file could not be removed either (a read-only folder never had one).
    }
    throw saveFailed(target, error);
  }
}
