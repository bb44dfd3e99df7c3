// The store's core: opening the file and wiring its rooms together (one connection, one
// kernel the sides share, every method behind the damage and full-disk guard), transactions
// with their events after commit, checkpoints and the search entries they catch up, and the
// edit context. The edits (store-edits.ts), the history (store-history.ts) and the reads
// (store.ts) are built on it, each a class above this one.
import crypto from 'node:crypto';
import path from 'node:path';
import type Database from 'better-sqlite3-multiple-ciphers';
import { BlobStore } from './disk/blobs';
import { Caches } from './caches';
import { FollowUpTable } from './local/follow-ups';
import { CheckpointScheduler } from './disk/checkpoints';
import type { StoreKernel } from './kernel';
import { StoreSync } from './syncing/sync-side';
import { KitTable } from './local/kits';
import { QuoteOptionsTable } from './local/quote-options';
import { deriveStoreKeys, FileCipher } from './disk/cipher';
import { openDatabase, type IntegrityCheck } from './disk/db';
import type { EncryptPoint } from './disk/encrypt-migration';
import type { EditContext } from './quote/edits/context';
import { QuoteNotFoundError, StoreClosedError, StoreError } from './errors';
import { DocWriter } from './quote/doc-writer';
import { ChangeBus, type ChangeListener } from './events';
import {
  guardMethods,
  refuseMarked,
  StoreHealth,
  type ConditionListener,
  type StoreCondition,
} from './disk/health';
import { QuoteVersions } from './local/versions';
import { DeskResponses } from './local/desk-responses';
import { QuoteRepo, type QuoteMeta } from './quote/quote-repo';
import { SyncTables } from './syncing/sync-tables';
import { UndoSteps } from './quote/undo-steps';
import { StubTable } from './syncing/stubs';
import { parseDoc } from './quote/totals';
import { searchDoc, type SearchDoc } from './list/list-row';
import type { ChangeOrigin, WorkQuote } from './types';

export interface StoreOptions {
  /** Where attachment files live; default `attachments/` beside the database file. */
  filesDir?: string;
  /** Check run on an existing file before use; default `auto` (see IntegrityCheck). */
  integrityCheck?: IntegrityCheck;
  /**
   * The profile's 256-bit store key: the database (AEGIS-256) and attachment files
   * (AES-256-GCM) are encrypted with keys derived from it; a plaintext store is encrypted on
   * open. Without it the store is plaintext (the user chose no encryption).
   */
  key?: Uint8Array | null;
  /** For tests: called at each step of encrypting a plaintext store (see encrypt-migration.ts). */
  encryptAt?: (point: EncryptPoint) => void;
  /** For tests: the clock and the id generator. */
  clock?: () => Date;
  newId?: () => string;
}

/** The store's core; `SqliteStore` (store.ts) is the class callers get. */
export abstract class StoreCore {
  protected db: Database.Database;
  protected repo: QuoteRepo;
  /** Offline copies of the catalogue, preferences and attachment library. */
  readonly caches: Caches;
  /** The sync engine's side: id map, server state in and out, journal, conflicts. */
  readonly sync: StoreSync;
  /** Kits of line items: this profile's own, never sent to the server. */
  readonly kits: KitTable;
  readonly quoteOptions: QuoteOptionsTable;
  /** Versions of quotes: frozen at publish or saved by hand; local only (versions.ts). */
  readonly versions: QuoteVersions;
  /** The client's answers given at the desk; local only (desk-responses.ts). */
  readonly desk: DeskResponses;
  /** "Needs attention": the facts of quotes that may need the user, snoozes, notices. */
  readonly followUps: FollowUpTable;
  protected blobs: BlobStore;
  protected tables: SyncTables;
  protected kernel: StoreKernel;
  protected stubs: StubTable;
  protected steps: UndoSteps;
  protected bus = new ChangeBus();
  protected health: StoreHealth;
  protected checkpoints: CheckpointScheduler;
  protected clock: () => Date;
  protected newId: () => string;
  protected closed = false;
  /** One transaction wrapper for every call: creating one per call costs more than a small edit. */
  protected runTx!: Database.Transaction<(fn: () => unknown) => unknown>;
  /**
   * The last parsed working copy per quote row with the stored text it came from and its
   * search entry: an edit reuses it instead of reading and parsing a full quote again, once
   * SQLite confirmed the text is still the stored one. Dropped whenever an edit fails, as a
   * failing edit may have changed it half-way. `generation`: the quote's once the edit wrote it.
   */
  protected parsed = new Map<
    number,
    { doc: string; w: WorkQuote; search: SearchDoc; writer: DocWriter; generation: number }
  >();

  constructor(
    readonly file: string,
    opts: StoreOptions = {},
  ) {
    this.health = new StoreHealth(file);
    refuseMarked(file);
    const keys = opts.key ? deriveStoreKeys(opts.key) : null;
    let opened: ReturnType<typeof openDatabase>;
    try {
      opened = openDatabase(file, opts.integrityCheck ?? 'auto', keys?.db, opts.encryptAt);
    } catch (err) {
      // A full disk at open (migrations, pragmas) is said like one during an edit.
      throw this.health.classify(err);
    }
    this.db = opened.db;
    this.encrypted = keys !== null;
    this.repo = new QuoteRepo(this.db);
    this.blobs = new BlobStore(
      this.db,
      opts.filesDir ?? path.join(path.dirname(path.resolve(file)), 'attachments'),
      keys ? new FileCipher(keys) : null,
    );
    if (keys) this.sealFiles(opened.created, () => opts.encryptAt?.('file-sealed'));
    this.tables = new SyncTables(this.db);
    // A quote's sync state is announced by its one writer, the transition, and only so.
    this.repo.sync.onChange = (qrow) => {
      const quoteId = this.repo.idOf(qrow);
      if (quoteId) this.bus.emit({ quoteId, what: 'syncState' });
    };
    this.stubs = new StubTable(this.db, this.repo, this.tables);
    this.steps = new UndoSteps(this.repo);
    this.runTx = this.db.transaction((fn: () => unknown) => fn());
    this.clock = opts.clock ?? (() => new Date());
    this.newId = opts.newId ?? (() => crypto.randomUUID());
    const kernel: StoreKernel = (this.kernel = {
      db: this.db,
      repo: this.repo,
      tables: this.tables,
      stubs: this.stubs,
      blobs: this.blobs,
      steps: this.steps,
      bus: this.bus,
      file,
      newId: () => this.newId(),
      transaction: (fn, origin) => this.transaction(fn, origin),
      open: () => this.open(),
      now: () => this.now(),
      row: (quoteId) => this.row(quoteId),
      purge: (r) => this.purge(r),
    });
    this.caches = new Caches(kernel);
    // What the sync side writes is sync's, unless a call of the user's holds it (a resolution).
    this.sync = new StoreSync({ ...kernel, transaction: (fn) => this.transaction(fn, 'sync') });
    this.kits = new KitTable(kernel);
    this.quoteOptions = new QuoteOptionsTable(kernel);
    this.versions = new QuoteVersions(kernel);
    this.desk = new DeskResponses(kernel);
    this.followUps = new FollowUpTable(kernel, () => this.caches.identity());
    this.checkpoints = new CheckpointScheduler({
      flushSearch: (slice) => this.flushSearch(slice),
      checkpoint: () => this.checkpoint(),
    });
    // A damaged page or a full disk can surface in any call: each comes out typed.
    guardMethods(this, this.health);
    guardMethods(this.sync, this.health);
    guardMethods(this.caches, this.health);
    guardMethods(this.kits, this.health);
    guardMethods(this.quoteOptions, this.health);
    guardMethods(this.versions, this.health);
    guardMethods(this.desk, this.health);
    guardMethods(this.followUps, this.health);
    // Search entries a crash left behind are brought up to date once the store is idle.
    if (this.repo.search.behind) this.checkpoints.arm();
  }

  /** Whether a call found the file damaged (edits refused from then on) or the disk full. */
  condition(): StoreCondition {
    return this.health.condition();
  }

  /** Subscribes to changes of `condition()`. Returns the unsubscribe function. */
  onCondition(listener: ConditionListener): () => void {
    return this.health.on(listener);
  }

  /** Whether the file and its attachment files are encrypted. */
  readonly encrypted: boolean;

  /**
   * Attachment files from before the store was encrypted are sealed once (a meta flag
   * records that it is done, so later opens do not walk the folder).
   */
  protected sealFiles(created: boolean, sealedOne: () => void): void {
    const flag = this.db.prepare<[], { value: string }>(
      "SELECT value FROM meta WHERE key = 'files.sealed'",
    );
    if (!created && flag.get()) return;
    this.blobs.sealPlainFiles(sealedOne);
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES ('files.sealed', 'true') ON CONFLICT(key) DO NOTHING",
      )
      .run();
  }

  close(): void {
    if (this.closed) return;
    try {
      this.flushSearch();
    } catch {
      // The records stay in the file; the next session flushes them.
    }
    this.closed = true;
    this.checkpoints.stop();
    try {
      this.db.pragma('optimize');
    } catch {
      // best effort
    }
    this.db.close();
  }

  /** Subscribes to change events, delivered after commit. Returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    return this.bus.on(listener);
  }

  /**
   * Runs `fn` as one transaction (nested calls become savepoints); events after commit, each
   * carrying who made the change: the first `origin` given, by this call or a nested one (the
   * store's own edits give theirs: `user`; the sync side's, `sync`; a drafts import, `import`).
   */
  transaction<T>(fn: () => T, origin?: ChangeOrigin): T {
    this.open();
    this.health.refuseWrites();
    const outer = !this.db.inTransaction;
    if (outer) {
      this.repo.facts.begin();
      this.steps.begin();
    }
    let result: T;
    try {
      result = this.bus.hold(() => this.runTx.immediate(fn) as T, origin);
    } catch (err) {
      // Rolled back (in part or whole): in-memory list facts may describe rows that are gone.
      this.repo.facts.rolledBack();
      throw err;
    }
    if (outer) {
      this.health.wrote();
      this.checkpoints.afterCommit();
    }
    return result;
  }

  /**
   * Moves the WAL into the database file. Runs after a second without writes, or right
   * after the commit that made it due once the caller yields, never inside an edit (a
   * checkpoint of a thousand edits costs about a hundred of them).
   */
  checkpoint(): void {
    if (this.closed || this.health.condition().damaged !== null) return;
    this.flushSearch();
    this.checkpoints.done();
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /**
   * Rewrites the search entries edits left behind (see SearchIndex), all of them or a slice:
   * before a search, with every checkpoint, and in slices when idle. Returns whether some may
   * remain. Not counted as a commit: a checkpoint follows or is already due.
   */
  protected flushSearch(slice = -1): boolean {
    if (!this.repo.search.behind) return false;
    this.health.refuseWrites();
    const outer = !this.db.inTransaction;
    const taken = this.runTx.immediate(() =>
      this.repo.search.flush((qrow) => this.searchOf(qrow), slice),
    ) as number;
    const more = slice >= 0 && taken >= slice;
    // Inside another transaction the flush may still be rolled back with it.
    if (outer && !more) this.repo.search.flushed();
    return more;
  }

  /** The search text of a quote's stored working copy, from the edit cache when it is current. */
  protected searchOf(qrow: number): SearchDoc {
    const cached = this.parsed.get(qrow);
    if (cached && this.repo.workIs(qrow, cached.doc)) return cached.search;
    return searchDoc(JSON.parse(this.repo.workDoc(qrow)) as WorkQuote);
  }

  /** The raw connection, for diagnostics and tests only. */
  get database(): Database.Database {
    return this.db;
  }

  protected open(): void {
    if (this.closed) throw new StoreClosedError();
  }

  protected now(): string {
    return this.clock().toISOString();
  }

  /** What an edit reads besides its quote and the time: made once, not a dozen closures per edit. */
  private lasting: Omit<EditContext, 'now' | 'putBlob'> | null = null;

  protected context(): EditContext {
    const now = this.now();
    this.lasting ??= this.lastingContext();
    return { ...this.lasting, now, putBlob: (bytes) => this.blobs.put(bytes, now) };
  }

  private lastingContext(): Omit<EditContext, 'now' | 'putBlob'> {
    return {
      newId: () => this.newId(),
      identity: () => this.caches.identity(),
      preferences: () => this.caches.preferences(),
      product: (id) => this.caches.product(id),
      pricing: (id) => this.caches.pricing(id),
      commitmentTerm: (id) => this.caches.commitmentTerm(id),
      libraryAttachment: (id) => this.caches.libraryAttachment(id),
      options: this.quoteOptions,
      kit: (id) => this.kits.require(id),
      version: (quoteId, number) => {
        const v = this.versions.get(quoteId, number);
        if (v) return v.work;
        throw new StoreError('VERSION_NOT_FOUND', `Quote ${quoteId} has no version ${number}.`);
      },
    };
  }

  protected row(quoteId: string): QuoteMeta {
    const r = this.repo.byId(quoteId);
    if (!r) throw new QuoteNotFoundError(quoteId);
    return r;
  }

  /** The working copy; throws QuoteNotFoundError for an unknown or deleted quote. */
  getWork(quoteId: string): WorkQuote {
    this.open();
    const r = this.row(quoteId);
    if (r.deleted) throw new QuoteNotFoundError(quoteId);
    return parseDoc(this.storedWork(r.qrow));
  }

  /** The stored working copy's text, reusing the edit cache's copy when it is still the same. */
  protected storedWork(qrow: number): string {
    const cached = this.parsed.get(qrow);
    return cached && this.repo.workIs(qrow, cached.doc) ? cached.doc : this.repo.workDoc(qrow);
  }

  protected purge(r: QuoteMeta): void {
    this.tables.forgetQuote(r.id);
    // Keyed by the quote's id, not its row: no cascade takes it.
    this.quoteOptions.forget(r.id);
    this.repo.delete(r.qrow);
  }
}
