import fs from 'node:fs';

/**
 * Flushes everything committed to a WAL-mode database to disk, on libuv's thread pool: the
 * same fsync of the `-wal` a commit with `synchronous = FULL` makes, without holding the
 * event loop while the disk works. Any handle of a file flushes all of its written pages.
 *
 * The handle is opened read-write: Windows flushes (FlushFileBuffers) only through a handle
 * with write access, and fails an fsync of a read-only one with EPERM. Nothing is written
 * through it.
 */
export async function syncWal(file: string): Promise<void> {
  const handle = await fs.promises.open(`${file}-wal`, 'r+').catch((err: NodeJS.ErrnoException) => {
    // No WAL (the file is not in WAL mode): its commits went to the file itself.
    if (err.code === 'ENOENT') return fs.promises.open(file, 'r+');
    throw err;
  });
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
