import type Database from 'better-sqlite3-multiple-ciphers';
import type { SchemaStep } from '../../../common/migrations/registry';

/** One step of the store's schema (the registry and its order check: common/migrations). */
export type Migration = SchemaStep<Database.Database>;

export { checkOrder } from '../../../common/migrations/registry';
