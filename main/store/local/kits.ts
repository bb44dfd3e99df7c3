// Table `kits` (schema 8): named groups of line items of this profile, saved from a quote and
// inserted into others (edits/kits.ts). Local only: nothing here is ever sent to the server.
// Each kit's content is the common/kits shape as JSON, checked whenever it is written, so a
// read can trust it.
import { KitContent, KitName } from '../../../common/kits';
import { StoreError } from '../errors';
import type { StoreKernel } from '../kernel';
import { check } from '../quote/validate';

export interface StoredKit {
  id: string;
  name: string;
  createdOn: string;
  updatedOn: string;
  content: KitContent;
}

interface Row {
  id: string;
  name: string;
  created_on: string;
  updated_on: string;
  doc: string;
}

export class KitNotFoundError extends StoreError {
  constructor(readonly kitId: string) {
    super('KIT_NOT_FOUND', 'This kit is no longer on this computer.');
  }
}

function fromRow(r: Row): StoredKit {
  const content = JSON.parse(r.doc) as Omit<KitContent, 'name'>;
  return {
    id: r.id,
    name: r.name,
    createdOn: r.created_on,
    updatedOn: r.updated_on,
    content: { ...content, name: r.name },
  };
}

/** `store.kits`: list, add, rename, remove. Each write is one transaction. */
export class KitTable {
  private s;

  constructor(private readonly k: StoreKernel) {
    const db = k.db;
    this.s = {
      all: db.prepare<[], Row>('SELECT * FROM kits ORDER BY name COLLATE NOCASE, created_on'),
      one: db.prepare<[string], Row>('SELECT * FROM kits WHERE id = ?'),
      insert: db.prepare<[string, string, string, string, string]>(
        'INSERT INTO kits (id, name, created_on, updated_on, doc) VALUES (?, ?, ?, ?, ?)',
      ),
      rename: db.prepare<[string, string, string]>(
        'UPDATE kits SET name = ?, updated_on = ? WHERE id = ?',
      ),
      remove: db.prepare<[string]>('DELETE FROM kits WHERE id = ?'),
    };
  }

  list(): StoredKit[] {
    this.k.open();
    return this.s.all.all().map(fromRow);
  }

  get(kitId: string): StoredKit | null {
    this.k.open();
    const r = this.s.one.get(kitId);
    return r ? fromRow(r) : null;
  }

  /** Throws KitNotFoundError. */
  require(kitId: string): StoredKit {
    const kit = this.get(kitId);
    if (!kit) throw new KitNotFoundError(kitId);
    return kit;
  }

  /** Keeps a kit (checked against the kit schema: StoreValidationError naming the field). */
  add(content: KitContent): StoredKit {
    const kit = check(KitContent, content, 'kit');
    return this.k.transaction(() => {
      const id = this.k.newId();
      const now = this.k.now();
      const { name, ...rest } = kit;
      this.s.insert.run(id, name, now, now, JSON.stringify(rest));
      return this.require(id);
    });
  }

  rename(kitId: string, name: string): StoredKit {
    const checked = check(KitName, name, 'name');
    return this.k.transaction(() => {
      this.require(kitId);
      this.s.rename.run(checked, this.k.now(), kitId);
      return this.require(kitId);
    });
  }

  /** False when there was no such kit. */
  remove(kitId: string): boolean {
    return this.k.transaction(() => this.s.remove.run(kitId).changes > 0);
  }
}
