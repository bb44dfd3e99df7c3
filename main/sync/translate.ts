// Both sides of the merge in one shape: the working copy (local ids already) and the
// server's aggregate (server ids, mapped to local ids through id_map). Only fields the user
// can set through the API take part; what the server derives (totals, Standard costs,
// catalogue names, links) is left out, so it can never look like a change.
import {
  lineItemKindOf,
  type AccessListEntry,
  type LineItemResponse,
  type QuoteResponse,
  type Section,
} from '../../common/api';
import type { RemoteAggregate, WorkQuote } from '../store';
import {
  type AccessState,
  type AttachmentState,
  type ItemState,
  type QuoteState,
  placementKey,
} from './model';

/** A date-time compared by the instant it names, not by its spelling. */
export function instant(s: string): string {
  const t = Date.parse(s);
  return Number.isNaN(t) ? s : new Date(t).toISOString();
}

function money(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** A Custom item's initial amount, in cents as the server keeps it; a Trial counts nowhere. */
function initialOf(billingTerm: string, amount: number | null | undefined): number | null {
  if (billingTerm === 'Trial') return null;
  return Math.round((amount ?? 0) * 100) / 100;
}

export function fromWork(w: WorkQuote): QuoteState {
  const q: QuoteState = {
    header: {
      clientId: w.client.id,
      expiresOn: instant(w.expiresOn),
      introMessage: w.introMessage,
      termsAndDisclaimers: w.termsAndDisclaimers,
      status: w.status,
      published: w.published,
    },
    items: {},
    sections: {},
    placements: {},
    access: {},
    attachments: {},
  };
  for (const li of w.lineItems) {
    const custom = li.kind === 'Custom';
    q.items[li.id] = {
      type: li.kind,
      productId: custom ? null : li.product.id,
      productName: custom ? li.product.name : null,
      productSku: custom ? li.product.sku || null : null,
      billingTerm: li.billingTerm,
      commitmentTermId: li.commitmentTerm?.id ?? null,
      quantity: li.quantity,
      price: money(li.price),
      cost: li.kind === 'Standard' ? null : money(li.cost),
      initialTotal: custom ? initialOf(li.billingTerm, li.initialTotal) : null,
      note: li.note,
      effectiveDate: instant(li.effectiveDate),
      parent: li.requiredLineItemId,
      usageBased: li.kind === 'UsageBased' ? (li.usageBased ?? null) : null,
    };
  }
  for (const s of w.sections) {
    q.sections[s.id] = { name: s.name, order: s.order };
    for (const m of s.lineItems)
      q.placements[placementKey(s.id, m.lineItemId)] = { order: m.order };
  }
  for (const a of w.accessList) q.access[a.id] = accessState(a);
  for (const a of w.attachments) q.attachments[a.id] = { name: a.name, order: a.order };
  return q;
}

function accessState(a: {
  email: string;
  accountType?: string | null;
  accountName?: string | null;
  accountRole?: string | null;
}): AccessState {
  return {
    email: a.email.toLowerCase(),
    accountType: a.accountType ?? null,
    accountName: a.accountName ?? null,
    accountRole: a.accountRole ?? null,
  };
}

/** Maps a server id of an entity to its local id, minting (and recording) one when new. */
export type LocalIdOf = (
  kind: 'lineItem' | 'section' | 'accessEntry' | 'attachment',
  serverId: string,
) => string;

export function itemFromRemote(li: LineItemResponse, localId: LocalIdOf): ItemState {
  const type = lineItemKindOf(li);
  const custom = type === 'Custom';
  const parent = li.relationship?.requiredLineItemId;
  return {
    type,
    productId: custom ? null : li.product.id,
    productName: custom ? li.product.name : null,
    productSku: custom ? li.product.sku || null : null,
    billingTerm: li.billingTerm,
    commitmentTermId: li.commitmentTerm?.id ?? null,
    quantity: li.quantity,
    price: money(li.price.amount),
    cost: type === 'Standard' ? null : money(li.cost.amount),
    initialTotal: custom ? initialOf(li.billingTerm, li.totals.initialTotal.amount) : null,
    note: li.note,
    effectiveDate: instant(li.effectiveDate),
    parent: parent ? localId('lineItem', parent) : null,
    usageBased: type === 'UsageBased' && li.usageBased ? { ...li.usageBased } : null,
  };
}

export function headerFromRemote(q: QuoteResponse): QuoteState['header'] {
  return {
    clientId: q.client.id,
    expiresOn: instant(q.expiresOn),
    introMessage: q.introMessage,
    termsAndDisclaimers: q.termsAndDisclaimers,
    status: q.status,
    published: q.published,
  };
}

export function sectionsFromRemote(
  sections: Section[],
  localId: LocalIdOf,
): Pick<QuoteState, 'sections' | 'placements'> {
  const out: Pick<QuoteState, 'sections' | 'placements'> = { sections: {}, placements: {} };
  for (const s of sections) {
    const sk = localId('section', s.id);
    out.sections[sk] = { name: s.name, order: s.order };
    for (const m of s.lineItems) {
      out.placements[placementKey(sk, localId('lineItem', m.lineItemId))] = { order: m.order };
    }
  }
  return out;
}

export function accessFromRemote(list: AccessListEntry[], localId: LocalIdOf) {
  const out: Record<string, AccessState> = {};
  for (const a of list) out[localId('accessEntry', a.id)] = accessState(a);
  return out;
}

export function attachmentsFromRemote(q: QuoteResponse, localId: LocalIdOf) {
  const out: Record<string, AttachmentState> = {};
  for (const a of q.attachments)
    out[localId('attachment', a.id)] = { name: a.name, order: a.order };
  return out;
}

export function fromRemote(agg: RemoteAggregate, localId: LocalIdOf): QuoteState {
  const items: Record<string, ItemState> = {};
  for (const li of agg.quote.lineItems)
    items[localId('lineItem', li.id)] = itemFromRemote(li, localId);
  return {
    header: headerFromRemote(agg.quote),
    items,
    ...sectionsFromRemote(agg.sections, localId),
    access: accessFromRemote(agg.accessList, localId),
    attachments: attachmentsFromRemote(agg.quote, localId),
  };
}
