import type { RecurringByPeriod } from '../../common/money';
import type { SyncState } from './syncing/sync-state';
import type {
  AddLineItemInput as IpcAddLineItemInput,
  LineItemPatch as IpcLineItemPatch,
} from '../../common/ipc/shapes';
import type {
  AccessListEntry,
  AccountType,
  AttachmentResponse,
  BillingTerm,
  ClientDetails,
  CommitmentTerm,
  CreatedBy,
  IntentType,
  InvoiceTotals,
  LineItemKind,
  PartnerDetails,
  ProductType,
  QuoteResponse,
  QuoteStatus,
  RespondedBy,
  Section,
  UsageBased,
  UserModel,
} from '../../common/api';

/**
 * The working copy of one quote. Every entity carries a stable local UUID (`id`); the
 * server's ids live in the id map, so a quote created offline looks the same as a synced one.
 * Field names follow the API so the sync engine maps them one to one.
 */
export interface WorkQuote {
  id: string;
  status: QuoteStatus;
  client: ClientDetails;
  partner: PartnerDetails | null;
  createdBy: string;
  createdByEmail: string;
  createdOn: string;
  updatedOn: string;
  expiresOn: string;
  introMessage: string;
  termsAndDisclaimers: string;
  published: boolean;
  /** Empty until the server has assigned one. */
  referenceCode: string;
  publishedOn: string | null;
  respondedOn: string | null;
  revokedOn: string | null;
  quoteRequestId: string | null;
  salesMarginPercentage: number | null;
  intentType: IntentType | null;
  ownedBy: UserModel | null;
  acceptedBy: RespondedBy | null;
  declinedBy: RespondedBy | null;
  currency: string;
  /** In display order. */
  lineItems: WorkLineItem[];
  sections: WorkSection[];
  accessList: WorkAccessEntry[];
  attachments: WorkAttachment[];
  /** Recomputed with common/money on every edit. */
  totals: InvoiceTotals;
}

export interface WorkProduct {
  /** Catalogue product id; null for Custom items. */
  id: string | null;
  name: string;
  sku: string;
  isMspOnly: boolean;
  type: ProductType;
}

export interface WorkLineItem {
  id: string;
  kind: LineItemKind;
  product: WorkProduct;
  billingTerm: BillingTerm;
  commitmentTerm: CommitmentTerm | null;
  effectiveDate: string;
  /** Unit price (up to 4 decimals). */
  price: number;
  /** Unit cost: from the catalogue for Standard items, from the user otherwise. */
  cost: number;
  quantity: number;
  note: string;
  /** Custom items only: the item's initial amount. */
  initialTotal: number | null;
  usageBased: UsageBased | null;
  /** Local id of the line item this add-on requires. */
  requiredLineItemId: string | null;
  requiredSubscriptionId: string | null;
  subscriptionId: string | null;
  totals: InvoiceTotals;
}

export interface WorkSectionItem {
  /** Local id of a line item of the same quote. */
  lineItemId: string;
  order: number;
}

export interface WorkSection {
  id: string;
  name: string;
  order: number;
  lineItems: WorkSectionItem[];
}

export interface WorkAccessEntry {
  id: string;
  email: string;
  accountType: AccountType;
  /** Empty until the server has issued the link. */
  link: string;
  accountName: string | null;
  accountRole: string | null;
  userId: string | null;
}

export interface WorkAttachment {
  id: string;
  name: string;
  order: number;
  type: string;
  /** Content address of the local copy of the file, when there is one. */
  sha256: string | null;
  size: number | null;
  createdOn: string;
  createdBy: CreatedBy | null;
  /** Server URL, once uploaded. */
  url: string | null;
  /** Id of the library attachment this one was copied from (to be copied at sync). */
  libraryAttachmentId: string | null;
  /** Id of the preference attachment this one came from: the server copies those itself on create. */
  preferenceAttachmentId: string | null;
}

/** The server's aggregate of one quote, exactly as last read back. */
export interface RemoteAggregate {
  quote: QuoteResponse;
  sections: Section[];
  accessList: AccessListEntry[];
  /**
   * Parts last read before `quote.updatedOn` (a round that did not read them back after its
   * own writes): a colleague's change to them may be missing; the pull reads them again
   * (main/sync/aggregate.ts). Absent: every part read at or after the quote's stamp.
   */
  partsBehind?: ('sections' | 'accessList')[];
}

export type EntityKind =
  | 'quote'
  | 'lineItem'
  | 'section'
  | 'accessEntry'
  | 'attachment'
  | 'libraryAttachment'
  | 'preferenceAttachment';

export type { SyncState, SyncEvent } from './syncing/sync-state';

/** The collections of entities the sync engine's bookkeeping names (main/sync's model). */
export type SyncCollection = 'items' | 'sections' | 'placements' | 'access' | 'attachments';

/** An entity kept out of the base until a round commits with it (main/sync/keep.ts). */
export interface KeptEntity {
  /** Placements follow their section. */
  collection: Exclude<SyncCollection, 'placements'>;
  key: string;
}

/** An entity this device created on the server since the base was recorded (sync/pushed.ts). */
export interface PushedEntity {
  collection: SyncCollection;
  key: string;
  value: unknown;
}

/** The sync engine's per-quote bookkeeping, kept beside the quote's sync state. */
export interface SyncBookkeeping {
  /** The delete of this quote is held back until then (the undo window); null: not held. */
  deleteHeldUntil: string | null;
  /** The newest conflict id whose choice reached the server. */
  conflictsSettled: number;
  pushed: PushedEntity[];
  kept: KeptEntity[];
  /** Why the server refused the quote's last publish, until it is published again; null: none. */
  publishRefused: string | null;
}

/** One quote's row of `quote_sync`: its sync state and the engine's bookkeeping. */
export interface QuoteSyncRecord extends SyncBookkeeping {
  state: SyncState;
  /** The message shown with the state: the server's refusal, why the quote is parked. */
  lastError: string | null;
  /** When a transient failure (Retry-After) asked for the next try. */
  retryAt: string | null;
}

/** One quote as the store holds it. */
export interface QuoteRecord {
  id: string;
  serverId: string | null;
  work: WorkQuote;
  base: RemoteAggregate | null;
  /** Bumped on every local edit (and undo / redo). */
  generation: number;
  /** The generation the last successful sync pushed. */
  syncedGeneration: number;
  /** Local changes not yet on the server: generation > syncedGeneration, or a pending delete. */
  dirty: boolean;
  /** Deleted locally, the delete not yet synced. */
  deleted: boolean;
  syncState: SyncState;
  syncMessage: string | null;
  /** Why the server refused its publish, until it is published again (sync/publish-refused.ts). */
  publishRefused: string | null;
  openConflicts: number;
  /** Only its list entry is held (stubs.ts): no content yet, not editable. */
  stub: boolean;
  undoDepth: number;
  redoDepth: number;
}

export interface DirtyQuote {
  id: string;
  serverId: string | null;
  generation: number;
  syncedGeneration: number;
  deleted: boolean;
  syncState: SyncState;
}

// ---------------------------------------------------------------------------------- edits

export interface CreateQuoteInput {
  client: ClientDetails;
  quoteRequestId?: string;
  /** Defaults to now. */
  now?: Date;
}

export interface EditOptions {
  /**
   * Edits in a row with the same key are one undo step, e.g. one field visit committed at
   * every keystroke. Another edit in between, or an undo, starts a new step.
   */
  coalesce?: string;
}

export interface HeaderPatch {
  expiresOn?: string;
  introMessage?: string;
  termsAndDisclaimers?: string;
  status?: QuoteStatus;
  published?: boolean;
}

/**
 * The inputs of an add are the IPC contract's (`common/ipc/shapes.ts`), checked where they
 * enter (the dispatcher). One difference: a UsageBased item may leave out its usage terms,
 * which the catalogue copy then supplies (sync and the store's own callers rely on it).
 */
type IpcAdd = IpcAddLineItemInput;
export type AddLineItemInput =
  | Exclude<IpcAdd, { type: 'UsageBased' }>
  | (Omit<Extract<IpcAdd, { type: 'UsageBased' }>, 'usageBased'> & { usageBased?: UsageBased });

/**
 * Fields to change on one line item, as the IPC contract states them, plus the item's id; the
 * kind and relationships never change (spec rule 2).
 */
export type LineItemPatch = IpcLineItemPatch & { id: string };

export interface AccessEntryInput {
  email: string;
  accountType?: AccountType;
  accountName?: string;
  accountRole?: string;
  userId?: string;
}

export interface AttachmentInput {
  name: string;
  /** The file's bytes; must be a PDF of at most 10 MiB. */
  bytes: Uint8Array;
}

export interface AttachmentPatch {
  id: string;
  name?: string;
  order?: number;
}

// -------------------------------------------------------------------------------- queries

/** `GET /v2/quotes` query (strings or values), validated with common/api's ListQuotesQuery. */
export interface ListQuery {
  limit?: number | string;
  page?: number | string;
  sort?: string;
  search?: string;
  status?: string;
  account?: 'user' | 'partner';
  partnerId?: string;
  intentType?: IntentType;
}

export interface ListEntry {
  id: string;
  serverId: string | null;
  status: QuoteStatus;
  client: ClientDetails;
  createdBy: string;
  createdOn: string;
  updatedOn: string;
  referenceCode: string;
  published: boolean;
  publishedOn: string | null;
  intentType: IntentType | null;
  ownerId: string | null;
  lineItemCounts: { custom: number; msp: number; total: number };
  totals: {
    initialTotal: { amount: number; currency: string };
    recurringTotal: { amount: number; currency: string };
  };
  /** Recurring cents per billing period (they add up to `totals.recurringTotal`). */
  recurringByPeriod: RecurringByPeriod;
  dirty: boolean;
  syncState: SyncState;
  openConflicts: number;
  /** Only the list entry is held yet (stubs.ts). */
  stub: boolean;
}

export interface ListResult {
  content: ListEntry[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
  statusCounts: Record<QuoteStatus, number>;
}

// ------------------------------------------------------------------------------- sync side

export type JournalState = 'planned' | 'in_flight' | 'done' | 'unknown';

export interface JournalEntry {
  id: number;
  quoteId: string | null;
  /** What the request does, e.g. `createQuote`, `addLineItems`, `uploadAttachment`. */
  op: string;
  method: string;
  path: string;
  /** Identifies the request's intent, to recognise its effect on the server later. */
  fingerprint: string;
  body: unknown;
  state: JournalState;
  result: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface PlanRequestInput {
  quoteId: string | null;
  op: string;
  method: string;
  path: string;
  fingerprint: string;
  body?: unknown;
}

export type ConflictEntityKind = 'quote' | 'lineItem' | 'section' | 'accessEntry' | 'attachment';

export interface ConflictInput {
  entityKind: ConflictEntityKind;
  /** Local id of the entity (the quote's id for header fields). */
  entityId: string;
  /** Field name, or `*` for the entity as a whole (e.g. deleted on one side, edited on the other). */
  field: string;
  base: unknown;
  local: unknown;
  remote: unknown;
}

export interface Conflict extends ConflictInput {
  id: number;
  quoteId: string;
  createdAt: string;
  resolvedAt: string | null;
  resolution: 'local' | 'remote' | null;
}

// ---------------------------------------------------------------------------------- caches

export interface Identity {
  user: UserModel & { role?: string };
  partner: PartnerDetails | null;
  currency: string;
}

export interface Preferences {
  daysToExpire: number;
  introMessage: string;
  termsAndDisclaimers: string;
  salesMarginPercentage: number;
  attachments: AttachmentResponse[];
}

export interface LibraryAttachment extends AttachmentResponse {
  /** Content address of the local copy, when downloaded or added here. */
  sha256: string | null;
  size: number | null;
}

// ---------------------------------------------------------------------------------- events

export type ChangeWhat =
  | 'created'
  | 'header'
  | 'lineItems'
  | 'sections'
  | 'accessList'
  | 'attachments'
  | 'deleted'
  | 'undo'
  | 'redo'
  | 'sync'
  /** The quote's sync state or its message moved (the transition itself says so). */
  | 'syncState'
  | 'base'
  | 'conflicts'
  | 'journal'
  | 'catalogue'
  | 'preferences'
  | 'library';

/**
 * Who made a change: the user (an edit, undo, redo, a resolution they chose), sync (what the
 * engine wrote: pulls, commits, bookkeeping) or an import of a drafts file. The user's and an
 * import's changes are what sync sends.
 */
export type ChangeOrigin = 'user' | 'sync' | 'import';

export interface ChangeEvent {
  /** null for changes not tied to one quote (catalogue, preferences, library). */
  quoteId: string | null;
  what: ChangeWhat;
  /** Who made it: the transaction's origin (Store.transaction). */
  origin: ChangeOrigin;
  /**
   * The quote's generation after a local edit (edit, undo, redo): the UI, holding the edit's
   * own answer at that generation, need not read the quote again. Absent for other changes.
   */
  generation?: number;
}

// Stated beside the errors that carry it (errors.ts imports nothing of the store's).
export type { FieldError } from './errors';
