import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3-multiple-ciphers';

/**
 * Copies the write-ahead log back into the database file from a worker thread, on its own
 * connection. SQLite's automatic checkpoint runs inside whichever commit crosses the threshold:
 * that request then waits for a few hundred page writes and an fsync while every other request
 * waits behind it on the event loop. WAL mode lets a second connection checkpoint alongside
 * readers and writers, so the serving thread only ever appends to the log.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    const [done] = db.pragma('wal_checkpoint(PASSIVE)');
    if (done.log >= workerData.restartFrames) parentPort.postMessage('restart');
  } catch {
    // busy or closing: the next turn tries again
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Hands `db`'s checkpoints to a worker; SQLite's own come back if the worker dies. */
export function startCheckpointer(
  db: Database.Database,
  everyMs = 100,
  restartFrames = 1000,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers');
  const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file: db.name, driver, everyMs, restartFrames },
  });
  let stopped: Promise<void> | undefined;
  // A worker that fails must neither take the server down nor leave the log to grow.
  const fallBack = () => {
    if (!stopped && db.open) db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  // A passive checkpoint never starts the log over: only a write that begins when every frame
  // is copied does, and a steady stream of writes leaves no such moment. So past the limit the
  // serving thread itself, between two requests, copies the few frames left and starts the
  // log over — on its own connection, so no write transaction can meet a log restarted under it.
  // (A restart from the worker instead makes a deferred write transaction that meets it fail
  // at once with "database is locked": SQLite does not wait there, to avoid a deadlock. Tried:
  // a few hundred 500s in the server bench.)
  worker.on('message', (m) => {
    if (m !== 'restart' || stopped || !db.open) return;
    // Never waits: if the worker is mid-checkpoint, the next turn asks again.
    const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    try {
      db.pragma('wal_checkpoint(RESTART)');
    } finally {
      db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  });
  worker.unref();
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        // Held until the worker's connection is closed, or the process could exit first.
        worker.ref();
        worker.on('message', (m) => {
          if (m === 'closed') void worker.terminate().then(() => resolve());
        });
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
