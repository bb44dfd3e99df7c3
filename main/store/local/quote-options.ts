// Table `quote_options` (migrations/v15-quote-options.ts): per quote, its options and
// alternatives and the lines of those not chosen (common/quote-options). Local only, like kits:
// nothing here is ever sent to the server. Checked whenever written, so a read can trust it.
import { NO_OPTIONS, QuoteOptions } from '../../../common/quote-options';
import type { StoreKernel } from '../kernel';
import { check } from '../quote/validate';

/** What an edit may read and write of a quote's options (edits/context.ts). */
export interface OptionsAccess {
  get(quoteId: string): QuoteOptions;
  put(quoteId: string, doc: QuoteOptions): void;
}

/** `store.quoteOptions`: one document per quote (none: no options). */
export class QuoteOptionsTable implements OptionsAccess {
  private s;

  constructor(private readonly k: StoreKernel) {
    const db = k.db;
    this.s = {
      one: db.prepare<[string], { doc: string }>(
        'SELECT doc FROM quote_options WHERE quote_id = ?',
      ),
      put: db.prepare<[string, string, string]>(
        `INSERT INTO quote_options (quote_id, updated_on, doc) VALUES (?, ?, ?)
         ON CONFLICT (quote_id) DO UPDATE SET updated_on = excluded.updated_on, doc = excluded.doc`,
      ),
      remove: db.prepare<[string]>('DELETE FROM quote_options WHERE quote_id = ?'),
    };
  }

  get(quoteId: string): QuoteOptions {
    this.k.open();
    const r = this.s.one.get(quoteId);
    return r ? (JSON.parse(r.doc) as QuoteOptions) : NO_OPTIONS;
  }

  put(quoteId: string, doc: QuoteOptions): void {
    const checked = check(QuoteOptions, doc, 'options');
    this.k.transaction(() => {
      if (checked.options.length === 0 && checked.groups.length === 0) this.s.remove.run(quoteId);
      else this.s.put.run(quoteId, this.k.now(), JSON.stringify(checked));
    });
  }
}
