// The sync engine's view of one quote aggregate. Every entity is keyed by its LOCAL id
// (a UUID minted on this machine, or minted when a remote entity was first seen), so the
// three-way merge matches entities by identity through id_map and never by position.
import type { LineItemKind, QuoteStatus } from '../../common/api';

export interface HeaderState {
  clientId: string;
  expiresOn: string;
  introMessage: string;
  termsAndDisclaimers: string;
  status: QuoteStatus;
  published: boolean;
}

export interface UsageBasedState {
  displayNote: boolean;
  type: string;
}

export interface ItemState {
  type: LineItemKind;
  /** Catalogue product (Standard, UsageBased); null for Custom. */
  productId: string | null;
  productName: string | null;
  productSku: string | null;
  billingTerm: string;
  commitmentTermId: string | null;
  quantity: number;
  price: number;
  cost: number | null;
  initialTotal: number | null;
  note: string;
  effectiveDate: string;
  /** Local key of the line item this add-on requires; relationships cannot be updated in place. */
  parent: string | null;
  usageBased: UsageBasedState | null;
}

export interface SectionState {
  name: string;
  order: number;
}

/** Membership of a line item in a section, keyed `${sectionKey}/${itemKey}`. */
export interface PlacementState {
  order: number;
}

export interface AccessState {
  email: string;
  accountType: string | null;
  accountName: string | null;
  accountRole: string | null;
}

/** An attachment's content never changes under one id (a new file is a new attachment), so
 * only its name and order take part in the merge. */
export interface AttachmentState {
  name: string;
  order: number;
}

export interface QuoteState {
  header: HeaderState;
  items: Record<string, ItemState>;
  sections: Record<string, SectionState>;
  placements: Record<string, PlacementState>;
  access: Record<string, AccessState>;
  attachments: Record<string, AttachmentState>;
}

export type Collection = 'items' | 'sections' | 'placements' | 'access' | 'attachments';
export const COLLECTIONS: readonly Collection[] = [
  'items',
  'sections',
  'placements',
  'access',
  'attachments',
];

/** Statuses in which header, line items, sections and attachments may change (docs/architecture.md#statuses-and-transitions). */
export const EDITABLE_STATUSES: ReadonlySet<string> = new Set([
  'draft',
  'assigned',
  'changes_requested',
]);
/** Statuses in which the access list may no longer change. */
export const ACCESS_FROZEN_STATUSES: ReadonlySet<string> = new Set([
  'accepted',
  'declined',
  'closed',
]);

/** Item fields the API cannot update in place: a change means delete and add again. */
export const ITEM_IMMUTABLE_FIELDS: readonly (keyof ItemState)[] = ['type', 'productId', 'parent'];

export function placementKey(sectionKey: string, itemKey: string): string {
  return `${sectionKey}/${itemKey}`;
}

export function splitPlacementKey(key: string): { section: string; item: string } {
  const i = key.indexOf('/');
  return { section: key.slice(0, i), item: key.slice(i + 1) };
}

export function emptyQuote(header: HeaderState): QuoteState {
  return { header, items: {}, sections: {}, placements: {}, access: {}, attachments: {} };
}

/** Structural equality over plain JSON values (key order does not matter). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => same(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => same(ao[k], bo[k]));
}

export function clone<T>(v: T): T {
  return structuredClone(v);
}
