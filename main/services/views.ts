// The store's records in the shapes of the IPC contract.
import { RECURRING_PERIODS, centsToAmount } from '../../common/money';
import {
  ACCESS_LIST_FROZEN_STATUSES,
  EDITABLE_STATUSES,
  STATUS_TRANSITIONS,
} from '../../common/api';
import type {
  AttachmentView,
  ConflictView,
  LineItemView,
  PersonRef,
  PipelineResult,
  QuoteDetail,
  QuoteSummary,
} from '../../common/ipc';
import type {
  Conflict,
  LibraryAttachment,
  ListEntry,
  PipelineRow,
  QuoteRecord,
  Store,
  WorkQuote,
} from '../store';
import { OWNER_ME } from '../store';
import { PARKED_CREATE } from '../sync';

const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);
const refusal = (message: string | null) => (message ? { publishRefused: message } : {});

function person(
  p: { id?: string; fullName: string; email?: string; role?: string } | null,
): PersonRef | undefined {
  if (!p) return undefined;
  return { id: p.id, fullName: p.fullName, email: p.email, role: p.role };
}

function ownedByMe(w: WorkQuote, store: Store): boolean {
  if (w.ownedBy?.id === OWNER_ME) return true; // taken here before the server named the user
  const me = store.identity()?.user.id;
  return !!me && !!w.ownedBy?.id && w.ownedBy.id.toLowerCase() === me.toLowerCase();
}

/** Totals per status in one currency: the partner's, else the one most quotes are in. */
export function pipelineView(rows: PipelineRow[], preferred: string | undefined): PipelineResult {
  const byCurrency = new Map<string, number>();
  for (const r of rows) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.count);
  const currency =
    preferred && byCurrency.has(preferred)
      ? preferred
      : ([...byCurrency.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? preferred ?? 'USD');
  let otherCurrency = 0;
  const out: PipelineResult['rows'] = [];
  for (const r of rows) {
    if (r.currency !== currency) {
      otherCurrency += r.count;
      continue;
    }
    out.push({
      status: r.status,
      count: r.count,
      initialTotal: { amount: centsToAmount(r.initialCents), currency },
      recurringTotal: { amount: centsToAmount(r.recurringCents), currency },
      recurringByPeriod: periodAmounts(r.recurringByPeriod) ?? {},
      recurringUnsplit: centsToAmount(
        r.recurringCents - Object.values(r.recurringByPeriod).reduce((a, b) => a + b, 0),
      ),
    });
  }
  return { rows: out, currency, otherCurrency };
}

// long: the editor's view of a quote, built field by field in one pass over the working copy
export function detailOf(rec: Omit<QuoteRecord, 'base'>, store: Store): QuoteDetail {
  const w = rec.work;
  // A stub holds no line items to total: its list entry says what the server's list does.
  const entry = rec.stub ? store.stubEntry(rec.id) : null;
  const sectionOf = new Map<string, string>();
  for (const s of w.sections) for (const li of s.lineItems) sectionOf.set(li.lineItemId, s.id);
  const lineItems: LineItemView[] = w.lineItems.map((li) => ({
    id: li.id,
    serverId: store.serverIdOf('lineItem', li.id),
    kind: li.kind,
    product: {
      id: opt(li.product.id),
      name: li.product.name,
      sku: li.product.sku,
      isMspOnly: li.product.isMspOnly,
      type: li.product.type,
      requiresProductId: li.product.id
        ? opt(store.caches.product(li.product.id)?.requiresProductId)
        : undefined,
    },
    billingTerm: li.billingTerm,
    commitmentTerm: opt(li.commitmentTerm),
    quantity: li.quantity,
    price: li.price,
    cost: li.cost,
    initialTotal: opt(li.initialTotal),
    effectiveDate: li.effectiveDate,
    note: li.note,
    usageBased: opt(li.usageBased),
    requiredLineItemId: opt(li.requiredLineItemId),
    subscriptionId: opt(li.subscriptionId),
    totals: li.totals,
    sectionId: sectionOf.get(li.id) ?? null,
  }));
  return {
    header: {
      id: w.id,
      serverId: rec.serverId,
      referenceCode: w.referenceCode || null,
      status: w.status,
      client: w.client,
      createdBy: w.createdBy,
      createdByEmail: w.createdByEmail || undefined,
      createdOn: w.createdOn,
      updatedOn: w.updatedOn,
      expiresOn: w.expiresOn || w.createdOn,
      introMessage: w.introMessage,
      termsAndDisclaimers: w.termsAndDisclaimers,
      published: w.published,
      publishedOn: opt(w.publishedOn),
      respondedOn: opt(w.respondedOn),
      revokedOn: opt(w.revokedOn),
      salesMarginPercentage: opt(w.salesMarginPercentage),
      intentType: opt(w.intentType),
      ownedBy: person(w.ownedBy ? { ...w.ownedBy, role: w.ownedBy.userRole } : null),
      ownedByMe: ownedByMe(w, store),
      acceptedBy: person(w.acceptedBy),
      declinedBy: person(w.declinedBy),
    },
    lineItems,
    sections: [...w.sections]
      .sort((a, b) => a.order - b.order)
      .map((s) => ({
        id: s.id,
        serverId: store.serverIdOf('section', s.id),
        name: s.name,
        order: s.order,
        lineItemIds: [...s.lineItems].sort((a, b) => a.order - b.order).map((x) => x.lineItemId),
      })),
    accessList: w.accessList.map((e) => ({
      id: e.id,
      serverId: store.serverIdOf('accessEntry', e.id),
      email: e.email,
      accountType: e.accountType,
      accountName: opt(e.accountName),
      accountRole: opt(e.accountRole),
      link: e.link || null,
    })),
    attachments: [...w.attachments]
      .sort((a, b) => a.order - b.order)
      .map((a): AttachmentView => ({
        id: a.id,
        serverId: store.serverIdOf('attachment', a.id),
        name: a.name,
        order: a.order,
        type: a.type,
        sizeBytes: a.size ?? 0,
        sha256: a.sha256 ?? '',
        createdOn: a.createdOn,
        createdBy: person(a.createdBy),
        localFile: !!a.sha256,
      })),
    totals: entry ? { ...w.totals, ...entry.totals } : w.totals,
    currency: w.currency,
    editable: !entry && EDITABLE_STATUSES.includes(w.status),
    accessListEditable: !entry && !ACCESS_LIST_FROZEN_STATUSES.includes(w.status),
    allowedTransitions: entry ? [] : [...STATUS_TRANSITIONS[w.status]],
    generation: rec.generation,
    canUndo: rec.undoDepth > 0,
    canRedo: rec.redoDepth > 0,
    sync: { state: rec.syncState, message: opt(rec.syncMessage) },
    conflictCount: rec.openConflicts,
    ...refusal(rec.publishRefused),
    ...(entry ? { listOnly: { lineItemCounts: entry.lineItemCounts } } : {}),
  };
}

/** Cents per billing period as amounts of the contract. */
function periodAmounts(cents: ListEntry['recurringByPeriod']): QuoteSummary['recurringByPeriod'] {
  const out: NonNullable<QuoteSummary['recurringByPeriod']> = {};
  for (const p of RECURRING_PERIODS) {
    const c = cents[p];
    if (c !== undefined) out[p] = centsToAmount(c);
  }
  return out;
}

export function summaryOf(e: ListEntry): QuoteSummary {
  return {
    id: e.id,
    serverId: e.serverId,
    referenceCode: e.referenceCode || null,
    status: e.status,
    client: e.client,
    createdBy: e.createdBy,
    createdOn: e.createdOn,
    updatedOn: e.updatedOn,
    published: e.published,
    publishedOn: opt(e.publishedOn),
    dirty: e.dirty,
    conflictCount: e.openConflicts,
    lineItemCounts: e.lineItemCounts,
    totals: e.totals,
    recurringByPeriod: periodAmounts(e.recurringByPeriod),
    sync: { state: e.syncState },
    ...(e.stub ? { listOnly: true } : {}),
  };
}

export function libraryView(a: LibraryAttachment): AttachmentView {
  return {
    id: a.id,
    serverId: a.id,
    name: a.name,
    order: a.order,
    type: a.type,
    sizeBytes: a.size ?? 0,
    sha256: a.sha256 ?? '',
    createdOn: a.createdOn,
    createdBy: person(a.createdBy),
    localFile: !!a.sha256,
  };
}

function labelOf(c: Conflict, work: WorkQuote | null): string {
  const field = c.field === '*' ? 'whole' : c.field;
  switch (c.entityKind) {
    case 'quote':
      return c.field === '*' ? 'Quote' : `Quote · ${field}`;
    case 'lineItem': {
      const i = work?.lineItems.findIndex((l) => l.id === c.entityId) ?? -1;
      const name = i >= 0 ? work!.lineItems[i]!.product.name : 'Line item';
      return `${i >= 0 ? `Line ${i + 1} (${name})` : name} · ${field}`;
    }
    case 'section': {
      const s = work?.sections.find((x) => x.id === c.entityId);
      return `Section${s ? ` "${s.name}"` : ''} · ${field}`;
    }
    case 'accessEntry': {
      const e = work?.accessList.find((x) => x.id === c.entityId);
      return `Recipient${e ? ` ${e.email}` : ''} · ${field}`;
    }
    case 'attachment': {
      const a = work?.attachments.find((x) => x.id === c.entityId);
      return `Attachment${a ? ` "${a.name}"` : ''} · ${field}`;
    }
  }
}

/** What a request whose answer was lost added, in the salesperson's words. */
const SENT: Record<string, { label: string; what: string }> = {
  createQuote: { label: 'The quote itself', what: 'this quote' },
  addLineItems: { label: 'Line items added', what: 'line items' },
  addAccessList: { label: 'Recipients added', what: 'recipients' },
  uploadAttachments: { label: 'Attachments added', what: 'attachments' },
  copyLibraryAttachments: { label: 'Attachments from the library', what: 'attachments' },
  createSection: { label: 'Section added', what: 'a section' },
};

/**
 * A request sent from here whose answer never came back, with more than one thing on the
 * server that could be its result: said plainly, not as the journal's record.
 */
function maybeCreatedView(
  c: Conflict,
  work: WorkQuote | null,
): Pick<ConflictView, 'label' | 'kind' | 'base' | 'mine' | 'theirs' | 'candidates'> {
  const sent = c.local as { op?: string; body?: Record<string, { key: string }[]> } | null;
  const op = sent?.op ?? '';
  const { label, what } = SENT[op] ?? { label: 'A change sent from here', what: 'a change' };
  const keys = Object.values(sent?.body ?? {})
    .flat()
    .map((e) => e?.key)
    .filter((k): k is string => typeof k === 'string');
  const names = keys.map(
    (k) =>
      work?.lineItems.find((x) => x.id === k)?.product.name ??
      work?.accessList.find((x) => x.id === k)?.email ??
      work?.attachments.find((x) => x.id === k)?.name ??
      work?.sections.find((x) => x.id === k)?.name,
  );
  const candidates = (Array.isArray(c.remote) ? c.remote : []) as {
    serverId: string;
    referenceCode?: string;
    createdOn?: string;
  }[];
  const when = (iso?: string) =>
    iso && !Number.isNaN(Date.parse(iso))
      ? `, created ${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
  const theirs = candidates.some((x) => x.referenceCode)
    ? `On the server, each possibly the one sent: ${candidates
        .map((x) => `${x.referenceCode ?? 'a quote'}${when(x.createdOn)}`)
        .join('; ')}`
    : `On the server: ${candidates.length} unclaimed ${what} that could be the ones sent`;
  return {
    label,
    kind: 'maybeCreated',
    base: null,
    mine:
      op === 'createQuote'
        ? 'Created from here; the answer never came back'
        : `Sent from here (${names.filter(Boolean).join(', ') || what}); the answer never came back`,
    theirs,
    ...(op === 'createQuote'
      ? {
          candidates: candidates.map((x) => ({
            serverId: x.serverId,
            label: `${x.referenceCode ?? 'A quote'}${when(x.createdOn)}`,
          })),
        }
      : {}),
  };
}

export function conflictView(c: Conflict, work: WorkQuote | null): ConflictView {
  let kind: ConflictView['kind'] = 'field';
  if (c.field === '*') {
    if (c.remote === null || c.remote === undefined) kind = 'deletedRemotely';
    else if (c.local === null || c.local === undefined) kind = 'deletedLocally';
    else kind = 'notEditable';
  }
  return {
    id: String(c.id),
    quoteId: c.quoteId,
    entity: c.entityKind,
    entityId: c.entityId,
    field: c.field,
    detectedAt: c.createdAt,
    ...(c.field === PARKED_CREATE
      ? maybeCreatedView(c, work)
      : {
          label: labelOf(c, work),
          kind,
          base: c.base,
          mine: c.local,
          theirs: c.remote,
        }),
  };
}
