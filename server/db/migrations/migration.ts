import type Database from 'better-sqlite3-multiple-ciphers';

/**
 * One forward-only schema step, in a file of its own (`vNN-what.ts`). A migration is never
 * edited once released: a change is a new migration with the next version.
 */
export interface Migration {
  /** The `PRAGMA user_version` the database has once this step ran. */
  version: number;
  /** What the step does, for the error that names a misplaced one. */
  name: string;
  up(db: Database.Database): void;
}

/**
 * The registry's order check: versions 1, 2, 3 … in list order, none missing, none twice.
 * A gap would leave a database at a version no step ever produced; a duplicate would run
 * two steps under one version, and a database that stopped between them would skip the
 * second. Returns the list so the registry can state it in one expression. (The store in
 * main/ has the same check; the server may not import main/, and main/ not the server.)
 */
export function checkOrder<M extends Pick<Migration, 'version' | 'name'>>(
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
