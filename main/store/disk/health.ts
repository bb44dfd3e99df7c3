// Whether the store's file can still be trusted and written. SQLite reports a damaged page
// only when a call reads it, and a full disk only when a write needs a new page; either can
// surface in any of the store's ~60 calls. So every call goes through one guard that turns
// the driver's error into a typed one and remembers damage, instead of each call site
// knowing SQLite's codes.
import fs from 'node:fs';
import { StoreCorruptError, StoreError, StoreFullError, StoreUnwritableError } from '../errors';

/**
 * The mark left beside a file found damaged: the file itself can no longer be trusted with
 * a write, and without the mark the next start's cheap check would take it for whole again.
 */
export const damageMark = (file: string) => `${file}.damaged`;

/** Refuses to open a file an earlier session found damaged (the opener repairs it). */
export function refuseMarked(file: string): void {
  let problem: string;
  try {
    problem = fs.readFileSync(damageMark(file), 'utf8');
  } catch {
    return;
  }
  throw new StoreCorruptError(file, [problem || 'found damaged by an earlier session']);
}

export interface StoreCondition {
  /** Set once a call hit a damaged page: what SQLite said. Edits are refused from then on. */
  damaged: string | null;
  /** The last write failed for want of disk space (cleared by the next write that succeeds). */
  full: boolean;
  /**
   * The last write failed because the folder cannot be written (made read-only, its disk gone,
   * the file locked by another program); cleared by the next write that succeeds.
   */
  readOnly: boolean;
}

export type ConditionListener = (condition: StoreCondition) => void;

const CORRUPT = /^SQLITE_(CORRUPT|NOTADB)/;
const FULL = /^SQLITE_FULL/;
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);
const NOT_WRITABLE = /^SQLITE_(READONLY|IOERR|CANTOPEN|BUSY|LOCKED|PERM)/;
const FS_NOT_WRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO']);

export class StoreHealth {
  private damage: string | null = null;
  private full = false;
  private readOnly = false;
  private listeners = new Set<ConditionListener>();

  constructor(private readonly file: string) {}

  condition(): StoreCondition {
    return { damaged: this.damage, full: this.full, readOnly: this.readOnly };
  }

  on(listener: ConditionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Throws before a write once the file is known to be damaged: nothing more goes into it. */
  refuseWrites(): void {
    if (this.damage !== null) throw new StoreCorruptError(this.file, [this.damage]);
  }

  /** A write went through: whatever filled the disk is over. */
  wrote(): void {
    if (!this.full && !this.readOnly) return;
    this.full = false;
    this.readOnly = false;
    this.emit();
  }

  /** The typed error to throw for `err`, recording damage or a full disk on the way. */
  classify(err: unknown): unknown {
    if (err instanceof StoreFullError || err instanceof StoreUnwritableError) return err;
    if (err instanceof StoreCorruptError) {
      this.markDamaged(err.problems[0] ?? err.message);
      return err;
    }
    if (err instanceof StoreError || !(err instanceof Error)) return err;
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string') return err;
    if (CORRUPT.test(code)) {
      this.markDamaged(err.message);
      return new StoreCorruptError(this.file, [err.message]);
    }
    if (FULL.test(code) || NO_SPACE.has(code)) {
      if (!this.full) {
        this.full = true;
        this.emit();
      }
      return new StoreFullError(this.file);
    }
    if (NOT_WRITABLE.test(code) || FS_NOT_WRITABLE.has(code)) {
      if (!this.readOnly) {
        this.readOnly = true;
        this.emit();
      }
      return new StoreUnwritableError(this.file, code);
    }
    return err;
  }

  private markDamaged(problem: string): void {
    if (this.damage !== null) return;
    this.damage = problem;
    if (this.file !== ':memory:') {
      try {
        fs.writeFileSync(damageMark(this.file), problem);
      } catch {
        // No room for the mark either: the check at the next start may still find it.
      }
    }
    this.emit();
  }

  private emit(): void {
    const c = this.condition();
    for (const l of this.listeners) {
      try {
        l(c);
      } catch {
        // A listener's failure is its own; the store's state is already recorded.
      }
    }
  }
}

/**
 * Routes every method of `target` (own prototype chain up to Object) through `health`:
 * a thrown or rejected driver error comes out typed. Installed as own properties, so calls
 * inside the store (a timer's checkpoint, `this.edit`) are guarded too.
 */
export function guardMethods(target: object, health: StoreHealth): void {
  const seen = new Set<string>();
  for (let p = Object.getPrototypeOf(target) as object | null; p && p !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (typeof d?.value !== 'function') continue;
      const method = d.value as (...args: unknown[]) => unknown;
      Object.defineProperty(target, name, {
        configurable: true,
        writable: true,
        value: function guarded(this: unknown, ...args: unknown[]) {
          let result: unknown;
          try {
            result = method.apply(this, args);
          } catch (err) {
            throw health.classify(err);
          }
          if (result instanceof Promise) {
            return result.catch((err: unknown) => {
              throw health.classify(err);
            });
          }
          return result;
        },
      });
    }
    p = Object.getPrototypeOf(p) as object | null;
  }
}
