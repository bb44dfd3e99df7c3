import fs from 'node:fs';

/** A file's flush on the thread pool, and the one queued behind it. */
interface Flushes {
  running: Promise<void> | null;
  queued: Promise<void> | null;
}
const flushes = new Map<string, Flushes>();

/**
 * Flushes everything committed to a WAL-mode database to disk, on libuv's thread pool: the
 * same fsync of the `-wal` a commit with `synchronous = FULL` makes, without holding the
 * event loop while the disk works. Any handle of a file flushes all of its written pages.
 *
 * Callers at the same time share a flush (a group commit): one that starts after a caller's
 * commit covers it, so a caller that comes while a flush runs — it may have started before
 * the commit — waits for the next one, which every caller meanwhile shares. Ten quotes pushed
 * at once journal their calls with a flush or two at a time, not ten queued on the disk.
 */
export function syncWal(file: string): Promise<void> {
  let f = flushes.get(file);
  if (!f) flushes.set(file, (f = { running: null, queued: null }));
  const self = f;
  if (!self.running) return start(file, self);
  self.queued ??= self.running.then(
    () => next(file, self),
    () => next(file, self),
  );
  return self.queued;
}

function next(file: string, f: Flushes): Promise<void> {
  f.queued = null;
  return start(file, f);
}

function start(file: string, f: Flushes): Promise<void> {
  const run: Promise<void> = flushOnce(file).finally(() => {
    if (f.running === run) f.running = null;
    if (!f.running && !f.queued) flushes.delete(file);
  });
  f.running = run;
  return run;
}

/**
 * The handle is opened read-write: Windows flushes (FlushFileBuffers) only through a handle
 * with write access, and fails an fsync of a read-only one with EPERM. Nothing is written
 * through it.
 */
async function flushOnce(file: string): Promise<void> {
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
