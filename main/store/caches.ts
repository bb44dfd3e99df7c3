import {
  AttachmentResponse,
  CatalogueProduct,
  CommitmentTerm,
  Company,
  PreferencesResponse,
  ProductPricing,
} from '../../common/api';
import { StoreError } from './errors';
import type { StoreKernel } from './kernel';
import type { ChangeWhat, Identity, LibraryAttachment, Preferences } from './types';
import { check } from './quote/validate';
import { z } from 'zod';

export const DEFAULT_PREFERENCES: Preferences = {
  daysToExpire: 30,
  introMessage: '',
  termsAndDisclaimers: '',
  salesMarginPercentage: 0,
  attachments: [],
};

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/**
 * Offline copies of the catalogue, the preferences and the attachment library (`store.caches`).
 * A write is its own transaction with a change event after commit (`catalogue`, `preferences`
 * or `library`); it joins the caller's transaction when there is one.
 */
export class Caches {
  private s;

  constructor(private readonly k: StoreKernel) {
    const db = k.db;
    this.s = {
      getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare<[string, string]>(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      delMeta: db.prepare<[string]>('DELETE FROM meta WHERE key = ?'),
      putCompany: db.prepare<[string, string, string]>(
        'INSERT INTO companies (id, name, doc) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, doc = excluded.doc',
      ),
      company: db.prepare<[string], { doc: string }>('SELECT doc FROM companies WHERE id = ?'),
      companies: db.prepare<[string, number], { doc: string }>(
        "SELECT doc FROM companies WHERE name LIKE ? ESCAPE '\\' ORDER BY name COLLATE NOCASE LIMIT ?",
      ),
      putProduct: db.prepare<[string, string, string, string]>(
        'INSERT INTO products (id, name, sku, doc) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, sku = excluded.sku, doc = excluded.doc',
      ),
      product: db.prepare<[string], { doc: string }>('SELECT doc FROM products WHERE id = ?'),
      products: db.prepare<[string, string, number], { doc: string }>(
        "SELECT doc FROM products WHERE name LIKE ? ESCAPE '\\' OR sku LIKE ? ESCAPE '\\' ORDER BY name COLLATE NOCASE LIMIT ?",
      ),
      putPricing: db.prepare<[string, string, string]>(
        'INSERT INTO pricing (product_id, doc, fetched_at) VALUES (?, ?, ?) ON CONFLICT(product_id) DO UPDATE SET doc = excluded.doc, fetched_at = excluded.fetched_at',
      ),
      pricing: db.prepare<[string], { doc: string }>(
        'SELECT doc FROM pricing WHERE product_id = ?',
      ),
      putTerm: db.prepare<[string, string]>(
        'INSERT INTO commitment_terms (id, term) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET term = excluded.term',
      ),
      term: db.prepare<[string], CommitmentTerm>(
        'SELECT id, term FROM commitment_terms WHERE id = ?',
      ),
      terms: db.prepare<[], CommitmentTerm>('SELECT id, term FROM commitment_terms ORDER BY term'),
      library: db.prepare<[], { doc: string; sha256: string | null; size: number | null }>(
        'SELECT doc, sha256, size FROM library_attachments ORDER BY ord',
      ),
      libraryOne: db.prepare<[string], { doc: string; sha256: string | null; size: number | null }>(
        'SELECT doc, sha256, size FROM library_attachments WHERE id = ?',
      ),
      clearLibrary: db.prepare('DELETE FROM library_attachments'),
      putLibrary: db.prepare<[string, number, string, string | null, number | null]>(
        'INSERT INTO library_attachments (id, ord, doc, sha256, size) VALUES (?, ?, ?, ?, ?)',
      ),
      setLibraryFile: db.prepare<[string, number, string]>(
        'UPDATE library_attachments SET sha256 = ?, size = ? WHERE id = ?',
      ),
    };
  }

  getMeta<T>(key: string): T | null {
    const r = this.s.getMeta.get(key);
    return r ? (JSON.parse(r.value) as T) : null;
  }

  setMeta(key: string, value: unknown): void {
    if (value === null || value === undefined) this.s.delMeta.run(key);
    else this.s.setMeta.run(key, JSON.stringify(value));
  }

  identity(): Identity | null {
    return this.getMeta<Identity>('identity');
  }

  /** Writes in one transaction, then tells listeners what changed. */
  private write(what: ChangeWhat, fn: () => void): void {
    this.k.transaction(() => {
      fn();
      this.k.bus.emit({ quoteId: null, what });
    });
  }

  putCompanies(companies: Company[]): void {
    this.write('catalogue', () => {
      const list = check(z.array(Company), companies, 'companies');
      for (const c of list) this.s.putCompany.run(c.id, c.name, JSON.stringify(c));
    });
  }

  company(id: string): Company | null {
    const r = this.s.company.get(id);
    return r ? (JSON.parse(r.doc) as Company) : null;
  }

  listCompanies(search = '', limit = 100): Company[] {
    this.k.open();
    return this.s.companies
      .all(likePattern(search), limit)
      .map((r) => JSON.parse(r.doc) as Company);
  }

  putProducts(products: CatalogueProduct[]): void {
    this.write('catalogue', () => {
      const list = check(z.array(CatalogueProduct), products, 'products');
      for (const p of list) this.s.putProduct.run(p.id, p.name, p.sku, JSON.stringify(p));
    });
  }

  product(id: string): CatalogueProduct | null {
    const r = this.s.product.get(id);
    return r ? (JSON.parse(r.doc) as CatalogueProduct) : null;
  }

  listProducts(search = '', limit = 100): CatalogueProduct[] {
    this.k.open();
    const p = likePattern(search);
    return this.s.products.all(p, p, limit).map((r) => JSON.parse(r.doc) as CatalogueProduct);
  }

  putPricing(productId: string, pricing: ProductPricing[]): void {
    this.write('catalogue', () => {
      const list = check(z.array(ProductPricing), pricing, 'pricing');
      this.s.putPricing.run(productId, JSON.stringify(list), this.k.now());
      for (const p of list)
        if (p.commitmentTerm) this.s.putTerm.run(p.commitmentTerm.id, p.commitmentTerm.term);
    });
  }

  pricing(productId: string): ProductPricing[] {
    const r = this.s.pricing.get(productId);
    return r ? (JSON.parse(r.doc) as ProductPricing[]) : [];
  }

  putCommitmentTerms(terms: CommitmentTerm[]): void {
    this.write('catalogue', () => {
      for (const t of check(z.array(CommitmentTerm), terms, 'commitmentTerms'))
        this.s.putTerm.run(t.id, t.term);
    });
  }

  commitmentTerm(id: string): CommitmentTerm | null {
    return this.s.term.get(id) ?? null;
  }

  commitmentTerms(): CommitmentTerm[] {
    return this.s.terms.all();
  }

  putPreferences(prefs: PreferencesResponse): void {
    this.write('preferences', () =>
      this.setMeta('preferences', check(PreferencesResponse, prefs, 'preferences')),
    );
  }

  preferences(): Preferences {
    this.k.open();
    return this.getMeta<Preferences>('preferences') ?? DEFAULT_PREFERENCES;
  }

  /** Replaces the library's metadata, keeping local file copies of entries that stay. */
  putLibrary(list: AttachmentResponse[]): void {
    this.write('library', () => this.replaceLibrary(list));
  }

  private replaceLibrary(list: AttachmentResponse[]): void {
    const parsed = check(z.array(AttachmentResponse), list, 'attachments');
    const files = new Map(this.library().map((a) => [a.id, a]));
    this.s.clearLibrary.run();
    parsed.forEach((a, i) => {
      // A file replaced on the server (PATCH) since it came down is no longer this one.
      const prev = files.get(a.id);
      const old = prev && (prev.replacedOn ?? null) === (a.replacedOn ?? null) ? prev : undefined;
      this.s.putLibrary.run(
        a.id,
        a.order ?? i,
        JSON.stringify(a),
        old?.sha256 ?? null,
        old?.size ?? null,
      );
    });
  }

  library(): LibraryAttachment[] {
    this.k.open();
    return this.s.library.all().map((r) => ({
      ...(JSON.parse(r.doc) as AttachmentResponse),
      sha256: r.sha256,
      size: r.size,
    }));
  }

  libraryAttachment(id: string): LibraryAttachment | null {
    const r = this.s.libraryOne.get(id);
    return r
      ? { ...(JSON.parse(r.doc) as AttachmentResponse), sha256: r.sha256, size: r.size }
      : null;
  }

  /** Keeps the local copy of a library attachment's file. */
  setLibraryFile(libraryAttachmentId: string, bytes: Uint8Array): void {
    this.write('library', () => {
      const blob = this.k.blobs.put(bytes, this.k.now());
      if (this.s.setLibraryFile.run(blob.sha256, blob.size, libraryAttachmentId).changes === 0) {
        throw new StoreError(
          'LIBRARY_ATTACHMENT_NOT_FOUND',
          `Library attachment ${libraryAttachmentId} is not cached.`,
        );
      }
    });
  }
}
