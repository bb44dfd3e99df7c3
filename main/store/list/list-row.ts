import type { IntentType, QuoteStatus } from '../../../common/api';
import { centsToAmount, toCents } from '../../../common/money';
import { recurringByPeriod } from '../quote/totals';
import type { WorkQuote } from '../types';

/** The list columns of `quotes`, derived from the working copy. */
export interface ListRow {
  status: QuoteStatus;
  client_id: string;
  client_name: string;
  client_shadow: number;
  created_by: string;
  created_by_email: string;
  owner_id: string | null;
  partner_id: string | null;
  created_on: string;
  updated_on: string;
  reference_code: string;
  published: number;
  published_on: string | null;
  /** Null for a list-entry stub (the list does not carry it). */
  expires_on: string | null;
  intent_type: IntentType | null;
  currency: string;
  initial_total: number;
  recurring_total: number;
  /** JSON of the recurring cents per billing period (common/money's RecurringByPeriod). */
  recurring_periods: string;
  items_total: number;
  items_custom: number;
  items_msp: number;
}

/**
 * A quote's list row as a listing reads it back (the list's page, a stub's entry): its ids and
 * the columns both show; each adds what only it reads.
 */
export interface ListedRow extends Omit<
  ListRow,
  'created_by_email' | 'partner_id' | 'expires_on' | 'recurring_periods'
> {
  id: string;
  server_id: string | null;
}

/** What a list entry and a stub's entry both say of a listed row, alike. */
export function listedFields(r: ListedRow) {
  return {
    status: r.status,
    client: { id: r.client_id, name: r.client_name, isShadowCompany: r.client_shadow === 1 },
    createdBy: r.created_by,
    createdOn: r.created_on,
    updatedOn: r.updated_on,
    referenceCode: r.reference_code,
    published: r.published === 1,
    lineItemCounts: { custom: r.items_custom, msp: r.items_msp, total: r.items_total },
    totals: {
      initialTotal: { amount: centsToAmount(r.initial_total), currency: r.currency },
      recurringTotal: { amount: centsToAmount(r.recurring_total), currency: r.currency },
    },
  };
}

export function listRow(w: WorkQuote): ListRow {
  let custom = 0;
  let msp = 0;
  for (const li of w.lineItems) {
    if (li.kind === 'Custom') custom++;
    if (li.product.isMspOnly) msp++;
  }
  return {
    status: w.status,
    client_id: w.client.id,
    client_name: w.client.name,
    client_shadow: w.client.isShadowCompany ? 1 : 0,
    created_by: w.createdBy,
    created_by_email: w.createdByEmail,
    owner_id: w.ownedBy?.id ?? null,
    partner_id: w.partner?.id ?? null,
    created_on: w.createdOn,
    updated_on: w.updatedOn,
    reference_code: w.referenceCode,
    published: w.published ? 1 : 0,
    published_on: w.publishedOn,
    expires_on: w.expiresOn || null,
    intent_type: w.intentType,
    currency: w.currency,
    initial_total: toCents(w.totals.initialTotal.amount),
    recurring_total: toCents(w.totals.recurringTotal.amount),
    recurring_periods: JSON.stringify(recurringByPeriod(w)),
    items_total: w.lineItems.length,
    items_custom: custom,
    items_msp: msp,
  };
}

/** What full-text search sees of a quote, one string per FTS column. */
export interface SearchDoc {
  client: string;
  reference: string;
  creator: string;
  products: string;
  notes: string;
}

export function searchDoc(w: WorkQuote): SearchDoc {
  const products: string[] = [];
  const notes: string[] = [];
  for (const li of w.lineItems) {
    products.push(li.product.name, li.product.sku);
    if (li.note) notes.push(li.note);
  }
  const creators = [w.createdBy];
  if (w.ownedBy && w.ownedBy.fullName !== w.createdBy) creators.push(w.ownedBy.fullName);
  return {
    client: w.client.name,
    reference: w.referenceCode,
    creator: creators.join(' '),
    products: products.join(' '),
    notes: notes.join('\n'),
  };
}

/**
 * Client, reference code, product names and SKUs again, tokenised with the dash inside
 * words: "MST-M365-BP" or "Q-2026-000042" is then one word, found as a prefix in one
 * lookup, where the main index would have to match a phrase of common fragments.
 */
export function codesText(d: SearchDoc): string {
  return `${d.client} ${d.reference} ${d.products}`;
}

/**
 * Whether `searchDoc(w)` would equal `d`, found without building it: most edits (prices,
 * quantities, moves) change nothing searchable, and building it costs a quote's worth of text.
 */
export function searchDocIs(d: SearchDoc, w: WorkQuote): boolean {
  if (d.client !== w.client.name || d.reference !== w.referenceCode) return false;
  const owner = w.ownedBy && w.ownedBy.fullName !== w.createdBy ? w.ownedBy.fullName : null;
  if (owner === null ? d.creator !== w.createdBy : d.creator !== `${w.createdBy} ${owner}`)
    return false;
  let p = 0;
  let n = 0;
  const part = (text: string, first: boolean): boolean => {
    if (!first) {
      if (d.products.charCodeAt(p) !== 32) return false;
      p++;
    }
    if (!d.products.startsWith(text, p)) return false;
    p += text.length;
    return true;
  };
  for (let i = 0; i < w.lineItems.length; i++) {
    const li = w.lineItems[i]!;
    if (!part(li.product.name, i === 0) || !part(li.product.sku, false)) return false;
    if (li.note) {
      if (n > 0) {
        if (d.notes.charCodeAt(n) !== 10) return false;
        n++;
      }
      if (!d.notes.startsWith(li.note, n)) return false;
      n += li.note.length;
    }
  }
  return p === d.products.length && n === d.notes.length;
}

export function sameSearchDoc(a: SearchDoc, b: SearchDoc): boolean {
  return (
    a.client === b.client &&
    a.reference === b.reference &&
    a.creator === b.creator &&
    a.products === b.products &&
    a.notes === b.notes
  );
}

/**
 * The totals' amounts in the text form people type. Schema version 2 indexed this text for
 * search; amounts are now matched in memory the same way (amount-search.ts).
 */
export function amountsText(w: WorkQuote): string {
  return `${w.totals.initialTotal.amount.toFixed(2)} ${w.totals.recurringTotal.amount.toFixed(2)}`;
}
