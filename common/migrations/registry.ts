// A registry of forward-only schema steps tracked in SQLite's `PRAGMA user_version`: the
// app's store (main/store/migrations) and the server's database (server/db/migrations) each
// list theirs and run them through here, so the order check and the runner are written once.
// Typed over the little of a connection it uses, so it imports no database library.

/** What the registry needs of a connection (better-sqlite3's Database has it). */
export interface SchemaConnection {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction(fn: () => void): { immediate(): void };
}

/**
 * One forward-only schema step, in a file of its own (`vNN-what.ts`). A migration is never
 * edited once released: a change is a new migration with the next version.
 */
export interface SchemaStep<Db> {
  /** The `PRAGMA user_version` the database has once this step ran. */
  version: number;
  /** What the step does, for the error that names a misplaced one. */
  name: string;
  up(db: Db): void;
}

/**
 * The registry's order check: versions 1, 2, 3 … in list order, none missing, none twice.
 * A gap would leave a database at a version no step ever produced; a duplicate would run two
 * steps under one version, and a database that stopped between them would skip the second.
 * Returns the list so the registry can state it in one expression.
 */
export function checkOrder<M extends { version: number; name: string }>(
  list: readonly M[],
): readonly M[] {
  list.forEach((m, i) => {
    if (m.version !== i + 1) {
      const seen = list.slice(0, i).some((o) => o.version === m.version);
      throw new Error(
        seen
          ? `Migration "${m.name}" repeats version ${m.version}; each version is used once.`
          : `Migration "${m.name}" has version ${m.version} where ${i + 1} was expected; versions run from 1 without a gap.`,
      );
    }
  });
  return list;
}

export function schemaVersion(db: SchemaConnection): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Runs every step above the database's version, up to `target` (tests stop early), each in
 * its own transaction with the version it reaches. Answers the version reached.
 */
export function runSteps<Db extends SchemaConnection>(
  db: Db,
  steps: readonly SchemaStep<Db>[],
  target: number = steps.length,
): number {
  let version = schemaVersion(db);
  for (const m of steps) {
    if (m.version <= version || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    version = m.version;
  }
  return version;
}
