// Over 500 lines: the whole IPC view contract (one schema per shape the UI sees), kept in one file so it reads as one contract.
// The UI's view of the app's data: the local store's working copy of each quote, with local
// ids that exist before the server has heard of anything. Server ids ride along as
// `serverId` (null until the first sync) for display and support only; every call takes the
// local `id`.
import { z } from 'zod';
import {
  AccountType,
  BillingTerm,
  IntentType,
  LineItemKind,
  ListAccount,
  ProductType,
  QuoteStatus,
  SortDirection,
  SortField,
  UsageBasedType,
} from '../api/enums';
import { LIMITS } from '../api/limits';
import {
  AddCustomLineItem,
  AddStandardLineItem,
  AddUsageBasedLineItem,
  CustomProductName,
  CustomProductSkuText,
  Note,
} from '../api/line-item-payloads';
import { ListQuotesQuery, PageInfo } from '../api/list';
import { PreferencesPayload } from '../api/payloads';
import { DateTime, Quantity, UnitMoney, Uuid } from '../api/primitives';
import { AmountCurrency, InvoiceTotals, UsageBased as ApiUsageBased } from '../api/resources';

// The API's money and paging shapes, as the UI receives them.
export { AmountCurrency, PageInfo };
export const Totals = InvoiceTotals;
export type Totals = InvoiceTotals;

export const Id = z.string().min(1, 'is required').max(100);
export const IsoDateTime = z.iso.datetime({ offset: true });
/**
 * A unit price or cost as the salesperson gives it: the API's Money with at most 4 decimal
 * places (common/api's UnitMoney, where the rule is stated). Refused here, where it enters,
 * so the layers below trust it.
 */
export const UnitAmount = UnitMoney;

export const ClientRef = z.object({
  id: Id,
  name: z.string(),
  isShadowCompany: z.boolean().optional(),
});
export type ClientRef = z.infer<typeof ClientRef>;

export const PersonRef = z.object({
  id: z.string().optional(),
  fullName: z.string(),
  email: z.string().optional(),
  role: z.string().optional(),
});
export type PersonRef = z.infer<typeof PersonRef>;

/** Per-quote sync state as the sync engine reports it (docs/architecture.md#sync-states-and-transitions). */
export const QuoteSyncState = z.enum(['synced', 'pending', 'syncing', 'conflict', 'error']);
export type QuoteSyncState = z.infer<typeof QuoteSyncState>;

export const QuoteSyncInfo = z.object({
  state: QuoteSyncState,
  /** The server's message when `state` is `error`; why it is parked when `conflict`. */
  message: z.string().optional(),
  lastSyncedAt: IsoDateTime.optional(),
});
export type QuoteSyncInfo = z.infer<typeof QuoteSyncInfo>;

// ---------------------------------------------------------------------------------------
// Quote list

export const StatusCounts = z.object({
  draft: z.number().int(),
  assigned: z.number().int(),
  sent: z.number().int(),
  closed: z.number().int(),
  declined: z.number().int(),
  accepted: z.number().int(),
  changes_requested: z.number().int(),
  expired: z.number().int(),
  pending: z.number().int(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

/**
 * Recurring amounts per billing period (monthly, yearly, every 2 or 3 years), in the quote's
 * currency; a period without a line is absent. They add up to `totals.recurringTotal`.
 */
export const RecurringByPeriod = z.object({
  monthly: z.number().optional(),
  annual: z.number().optional(),
  twoYear: z.number().optional(),
  threeYear: z.number().optional(),
});
export type RecurringByPeriod = z.infer<typeof RecurringByPeriod>;

export const QuoteSummary = z.object({
  id: Id,
  serverId: z.string().nullable(),
  /** Null until the server assigns one at the first sync. */
  referenceCode: z.string().nullable(),
  status: QuoteStatus,
  client: ClientRef,
  createdBy: z.string(),
  createdOn: IsoDateTime,
  updatedOn: IsoDateTime,
  expiresOn: IsoDateTime.optional(),
  published: z.boolean(),
  publishedOn: IsoDateTime.optional(),
  ownedBy: PersonRef.optional(),
  /** Local edits not yet on the server. */
  dirty: z.boolean(),
  conflictCount: z.number().int(),
  lineItemCounts: z.object({
    custom: z.number().int(),
    msp: z.number().int(),
    total: z.number().int(),
  }),
  totals: z.object({ initialTotal: AmountCurrency, recurringTotal: AmountCurrency }),
  recurringByPeriod: RecurringByPeriod.optional(),
  sync: QuoteSyncInfo,
  /** Only the list entry is on this computer yet; the contents are downloading. */
  listOnly: z.boolean().optional(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const QuoteListQuery = z.object({
  /** Case-insensitive; client name, reference code, creator, totals (the API's semantics). */
  search: ListQuotesQuery.shape.search,
  /** Any of; empty or absent = all. `statusCounts` ignore this filter, as the API's do. */
  status: z.array(QuoteStatus).optional(),
  account: ListAccount.default('user'),
  sort: z.object({ field: SortField, direction: SortDirection }).optional(),
  page: z.number().int().min(0).default(LIMITS.pageDefault),
  limit: z.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type QuoteListQuery = z.input<typeof QuoteListQuery>;

export const QuoteListResult = z.object({
  content: z.array(QuoteSummary),
  page: PageInfo,
  statusCounts: StatusCounts,
});
export type QuoteListResult = z.infer<typeof QuoteListResult>;

/** The list's filters but status, for the pipeline chart: every quote they match, not a page. */
export const PipelineQuery = QuoteListQuery.pick({ search: true, status: true, account: true });
export type PipelineQuery = z.input<typeof PipelineQuery>;

export const PipelineRow = z.object({
  status: QuoteStatus,
  count: z.number().int(),
  initialTotal: AmountCurrency,
  /** The API's recurringTotal summed: every billing period added together (not shown as such). */
  recurringTotal: AmountCurrency,
  /** Recurring amounts per billing period, in `currency`. */
  recurringByPeriod: RecurringByPeriod,
  /**
   * Recurring money of quotes only listed here (their items not downloaded): its periods are
   * not known yet. recurringTotal = the periods + this.
   */
  recurringUnsplit: z.number(),
});
export type PipelineRow = z.infer<typeof PipelineRow>;

export const PipelineResult = z.object({
  /** One row per status with at least one quote, in the statuses' usual order. */
  rows: z.array(PipelineRow),
  /** The currency of the amounts (quotes of another currency are counted in `otherCurrency`). */
  currency: z.string(),
  otherCurrency: z.number().int(),
});
export type PipelineResult = z.infer<typeof PipelineResult>;

// ---------------------------------------------------------------------------------------
// One quote

export const ProductRef = z.object({
  /** Catalogue product id; absent for Custom items. */
  id: z.string().optional(),
  name: z.string(),
  sku: z.string(),
  isMspOnly: z.boolean(),
  type: ProductType,
  /** Catalogue product this one is an add-on of (docs/architecture.md#add-ons). */
  requiresProductId: z.string().optional(),
});
export type ProductRef = z.infer<typeof ProductRef>;

export const CommitmentTerm = z.object({ id: z.string(), term: z.string() });
export type CommitmentTerm = z.infer<typeof CommitmentTerm>;

export const UsageBased = z.object({ displayNote: z.boolean(), type: UsageBasedType });
export type UsageBased = z.infer<typeof UsageBased>;

export const LineItemView = z.object({
  id: Id,
  serverId: z.string().nullable(),
  kind: LineItemKind,
  product: ProductRef,
  billingTerm: BillingTerm,
  commitmentTerm: CommitmentTerm.optional(),
  quantity: z.number().int(),
  price: z.number(),
  cost: z.number(),
  /** Custom items only: the initial amount (setup fee, or the whole one-time amount). */
  initialTotal: z.number().optional(),
  effectiveDate: IsoDateTime,
  note: z.string(),
  usageBased: UsageBased.optional(),
  /** Local id of the parent line item this add-on requires. */
  requiredLineItemId: z.string().optional(),
  subscriptionId: z.string().optional(),
  totals: Totals,
  /** Section holding the item; null = not in any section. */
  sectionId: z.string().nullable(),
});
export type LineItemView = z.infer<typeof LineItemView>;

export const SectionView = z.object({
  id: Id,
  serverId: z.string().nullable(),
  name: z.string(),
  order: z.number().int(),
  /** Local line-item ids in display order. */
  lineItemIds: z.array(z.string()),
});
export type SectionView = z.infer<typeof SectionView>;

export const AccessEntryView = z.object({
  id: Id,
  serverId: z.string().nullable(),
  email: z.string(),
  accountType: AccountType,
  accountName: z.string().optional(),
  accountRole: z.string().optional(),
  /** The share link; null until the server has created the entry. */
  link: z.string().nullable(),
});
export type AccessEntryView = z.infer<typeof AccessEntryView>;

export const AttachmentView = z.object({
  id: Id,
  serverId: z.string().nullable(),
  name: z.string(),
  order: z.number().int(),
  type: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  createdOn: IsoDateTime,
  createdBy: PersonRef.optional(),
  /** The bytes are on this machine (always true for quote attachments added here). */
  localFile: z.boolean(),
});
export type AttachmentView = z.infer<typeof AttachmentView>;

export const QuoteHeader = z.object({
  id: Id,
  serverId: z.string().nullable(),
  referenceCode: z.string().nullable(),
  status: QuoteStatus,
  client: ClientRef,
  createdBy: z.string(),
  createdByEmail: z.string().optional(),
  createdOn: IsoDateTime,
  updatedOn: IsoDateTime,
  expiresOn: IsoDateTime,
  introMessage: z.string(),
  termsAndDisclaimers: z.string(),
  published: z.boolean(),
  publishedOn: IsoDateTime.optional(),
  respondedOn: IsoDateTime.optional(),
  revokedOn: IsoDateTime.optional(),
  salesMarginPercentage: z.number().optional(),
  intentType: IntentType.optional(),
  ownedBy: PersonRef.optional(),
  /** The signed-in user owns it (false when unknown: no connection yet). */
  ownedByMe: z.boolean().optional(),
  acceptedBy: PersonRef.optional(),
  declinedBy: PersonRef.optional(),
});
export type QuoteHeader = z.infer<typeof QuoteHeader>;

export const QuoteDetail = z.object({
  header: QuoteHeader,
  /** In quote order; `sectionId` says where each one is shown. */
  lineItems: z.array(LineItemView),
  /** In display order. */
  sections: z.array(SectionView),
  accessList: z.array(AccessEntryView),
  attachments: z.array(AttachmentView),
  totals: Totals,
  currency: z.string(),
  /** Header, items, sections and attachments may change (docs/architecture.md#statuses-and-transitions). */
  editable: z.boolean(),
  accessListEditable: z.boolean(),
  /** Statuses the quote may move to from here (docs/architecture.md#statuses-and-transitions). */
  allowedTransitions: z.array(QuoteStatus),
  /** Bumped by every local edit; lets the UI drop stale answers. */
  generation: z.number().int(),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  sync: QuoteSyncInfo,
  /** Open conflicts on this quote; the conflicts view lists them with `sync.conflicts`. */
  conflictCount: z.number().int(),
  /** Why the server refused this quote's last publish (it is a draft again), until it is
   * published again. */
  publishRefused: z.string().optional(),
  /** Only the quote's list entry is on this computer yet (a first sign-in downloads the
   * contents in the background): what the list knows, nothing editable. */
  listOnly: z
    .object({
      lineItemCounts: z.object({
        custom: z.number().int(),
        msp: z.number().int(),
        total: z.number().int(),
      }),
    })
    .optional(),
});
export type QuoteDetail = z.infer<typeof QuoteDetail>;

// ---------------------------------------------------------------------------------------
// Line-item inputs: the API's add/update payloads (common/api/line-item-payloads.ts), whose
// field schemas state each rule once — quantity, money, note, names, terms. What differs is
// only what the app adds: local ids for parents, a date and a price it may fill in, and the
// 4 decimals of UnitAmount. The dispatcher checks these once; the store trusts them.

/** Fields the app may leave out or that name a local id rather than the server's. */
const localItem = {
  /** Absent: now. */
  effectiveDate: DateTime.optional(),
  price: UnitAmount,
  /** Local id of a parent already on the quote. */
  requiredLineItemId: Id.optional(),
};

/** A SKU as the UI edits it: the API's rules, and empty for none. */
export const CustomProductSku = CustomProductSkuText;
export { CustomProductName };

export const AddStandardItem = AddStandardLineItem.extend({
  ...localItem,
  /** Absent: the catalogue's suggested price for the term, else cost plus the quote's margin. */
  price: UnitAmount.optional(),
});
export const AddCustomItem = AddCustomLineItem.extend({
  effectiveDate: localItem.effectiveDate,
  price: UnitAmount,
  cost: UnitAmount,
  initialTotal: UnitAmount,
});
export const AddUsageBasedItem = AddUsageBasedLineItem.extend({
  ...localItem,
  cost: UnitAmount,
});
export const AddLineItemInput = z.discriminatedUnion(
  'type',
  [AddStandardItem, AddCustomItem, AddUsageBasedItem],
  { error: 'type must be one of Standard, Custom, UsageBased' },
);
export type AddLineItemInput = z.input<typeof AddLineItemInput>;

/** Fields an update may change; relationships cannot (spec rule 2: delete and add again). */
export const LineItemPatch = z
  .object({
    quantity: Quantity,
    price: UnitAmount,
    cost: UnitAmount,
    note: Note,
    effectiveDate: DateTime,
    billingTerm: BillingTerm,
    commitmentTermId: Uuid.nullable(),
    initialTotal: UnitAmount,
    productName: CustomProductName,
    /** Empty: no SKU. */
    productSku: CustomProductSku,
    usageBased: ApiUsageBased,
  })
  .partial();
export type LineItemPatch = z.input<typeof LineItemPatch>;

// ---------------------------------------------------------------------------------------
// Attachments, library, preferences

export const FileBytes = z.object({
  name: z.string().min(1).max(LIMITS.attachmentNameMax),
  /** Base64 of the file; the browser has no file paths, so it sends the bytes. */
  base64: z
    .string()
    .min(1)
    .max(Math.ceil((LIMITS.attachmentBytes * 4) / 3) + 8, 'file is larger than 10 MiB'),
});
export type FileBytes = z.infer<typeof FileBytes>;

export const BytesResult = z.object({
  name: z.string(),
  mimeType: z.string(),
  base64: z.string(),
});
export type BytesResult = z.infer<typeof BytesResult>;

export const LibraryAttachment = AttachmentView;
export type LibraryAttachment = AttachmentView;

export const Preferences = z.object({
  daysToExpire: z.number().int(),
  introMessage: z.string(),
  termsAndDisclaimers: z.string(),
  salesMarginPercentage: z.number(),
  attachments: z.array(AttachmentView),
});
export type Preferences = z.infer<typeof Preferences>;

/** The API's preferences payload: its rules, stated once in common/api. */
export const PreferencesInput = PreferencesPayload;
export type PreferencesInput = z.infer<typeof PreferencesInput>;

// ---------------------------------------------------------------------------------------
// Catalogue (cached for offline use)

export const Company = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().optional(),
  address: z
    .object({
      street: z.string().optional(),
      street2: z.string().optional(),
      city: z.string().optional(),
      stateOrProvince: z.string().optional(),
      postalCode: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
});
export type Company = z.infer<typeof Company>;

export const CatalogueProduct = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  vendorName: z.string().optional(),
  requiresCommitment: z.boolean().optional(),
  isMspOnly: z.boolean().optional(),
  type: ProductType.optional(),
  requiresProductId: z.string().optional(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export const ProductPrice = z.object({
  productId: z.string(),
  /** Already in the quote spelling (`2 Year`, not the pricing API's `2-Year`). */
  billingTerm: BillingTerm,
  commitmentTermId: z.string().optional(),
  /** Partner buy rate: the line's unit cost. */
  cost: z.number(),
  suggestedPrice: z.number().optional(),
  usageBasedType: UsageBasedType.optional(),
});
export type ProductPrice = z.infer<typeof ProductPrice>;

export const CatalogueQuery = z.object({
  search: ListQuotesQuery.shape.search,
  page: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
});
export type CatalogueQuery = z.input<typeof CatalogueQuery>;

export function cataloguePage<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: PageInfo,
    /** True when the answer came from the offline cache. */
    fromCache: z.boolean(),
  });
}

// ---------------------------------------------------------------------------------------
// Sync

export const SyncStatus = z.object({
  /** False when no engine runs (no profile, or the engine is not ready); `reason` says why. */
  available: z.boolean(),
  reason: z.string().optional(),
  online: z.boolean(),
  paused: z.boolean(),
  running: z.boolean(),
  pendingCount: z.number().int(),
  conflictCount: z.number().int(),
  errorCount: z.number().int(),
  lastSyncAt: IsoDateTime.optional(),
  lastError: z.string().optional(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
  /** A first sign-in (or any pull of quotes not held yet): the list pages land first, each
   * entry listed at once; the quotes' contents follow in the background. `listed` of `total`
   * entries are in the list; `held` of them are whole on this computer. */
  fill: z
    .object({
      listed: z.number().int(),
      total: z.number().int(),
      held: z.number().int(),
      listComplete: z.boolean(),
    })
    .optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** Attachments kept for offline preview: the disk budget (Settings) and what is used. */
export const OfflineFiles = z.object({
  budgetMiB: z.number().int(),
  usedBytes: z.number().int(),
});
export type OfflineFiles = z.infer<typeof OfflineFiles>;

/** Quotes on this computer: held whole, or only listed (downloaded when opened). */
export const OfflineQuotes = z.object({
  keepAll: z.boolean(),
  held: z.object({ count: z.number().int(), bytes: z.number().int() }),
  listedOnly: z.object({ count: z.number().int(), bytes: z.number().int() }),
  /** Listed quotes still being downloaded. */
  downloading: z.number().int(),
});
export type OfflineQuotes = z.infer<typeof OfflineQuotes>;

export const ConflictEntity = z.enum(['quote', 'lineItem', 'section', 'accessEntry', 'attachment']);
export type ConflictEntity = z.infer<typeof ConflictEntity>;

export const ConflictView = z.object({
  id: Id,
  quoteId: Id,
  entity: ConflictEntity,
  /** Local id of the line item / section / entry / attachment; the quote's for `quote`. */
  entityId: z.string(),
  /** Field name, or `*` when the whole entity differs (deleted on one side, status change…). */
  field: z.string(),
  /** Human label, e.g. "Line 3 · quantity". */
  label: z.string(),
  /** `maybeCreated`: sent from here, its answer lost, and more than one thing on the server
   * could be its result: mine sends it again, theirs takes the newest candidate. */
  kind: z.enum(['field', 'deletedRemotely', 'deletedLocally', 'notEditable', 'maybeCreated']),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
  /** `maybeCreated` quote creates: the server quotes that could be this one, newest first. */
  candidates: z.array(z.object({ serverId: Id, label: z.string() })).optional(),
  detectedAt: IsoDateTime,
});
export type ConflictView = z.infer<typeof ConflictView>;

export const ConflictChoice = z.enum(['mine', 'theirs']);
export type ConflictChoice = z.infer<typeof ConflictChoice>;

// ---------------------------------------------------------------------------------------
// Profiles

export const SecretStorage = z.enum(['keychain', 'memory', 'none']);
export type SecretStorage = z.infer<typeof SecretStorage>;

export const ProfileView = z.object({
  id: Id,
  name: z.string(),
  baseUrl: z.string(),
  audience: z.string(),
  clientId: z.string(),
  /** Where the secret is: the OS keychain, this session's memory only, or nowhere yet. */
  secret: SecretStorage,
  /** Embedded demo server profile created at first start. */
  isDemo: z.boolean(),
  active: z.boolean(),
  /** Set by the organisation's policy: only the secret may be entered here. */
  managed: z.boolean().default(false),
});
export type ProfileView = z.infer<typeof ProfileView>;

/** What removing a connection would lose: what exists only on this computer. */
export const RemovalCheck = z.object({
  /** False when the connection's store could not be read (locked: a passphrase, a key gone), so nothing could be counted. */
  counted: z.boolean(),
  drafts: z.number().int(),
  deletes: z.number().int(),
  conflicts: z.number().int(),
  files: z.number().int(),
  /** The counts in words ("2 drafts not yet synced, 1 unresolved conflict"); null: nothing. */
  summary: z.string().nullable(),
});
export type RemovalCheck = z.infer<typeof RemovalCheck>;

/** What a drafts file holds (or what of it was put back). */
export const DraftsCounts = z.object({
  /** Quotes made here and never sent. */
  newQuotes: z.number().int(),
  /** Quotes from the server with edits not yet sent. */
  editedQuotes: z.number().int(),
  conflicts: z.number().int(),
  /** Attachment files the server does not have yet. */
  files: z.number().int(),
  deletes: z.number().int(),
});
export type DraftsCounts = z.infer<typeof DraftsCounts>;

/** "Export unsynced drafts…": the file's name, what it holds, and that in words. */
export const DraftsExport = z.object({
  name: z.string(),
  counts: DraftsCounts,
  message: z.string(),
});
export type DraftsExport = z.infer<typeof DraftsExport>;

/** "Import drafts…": what was put back as pending changes, and that in words. */
export const DraftsImport = z.object({
  counts: DraftsCounts,
  /** Drafts put back beside a quote that had edits of its own here (never over them). */
  copies: z.number().int(),
  /** Drafts already here in the same version (imported before). */
  unchanged: z.number().int(),
  message: z.string(),
});
export type DraftsImport = z.infer<typeof DraftsImport>;

export const ProfileInput = z.object({
  name: z.string().trim().min(1, 'is required').max(100),
  baseUrl: z
    .url({ protocol: /^https$/, message: 'must be an https:// address' })
    .transform((u) => u.replace(/\/+$/, '')),
  /** Defaults to the base URL, as the spec's audience for the public APIs. */
  audience: z.string().min(1).optional(),
  clientId: z.string().trim().min(1, 'is required').max(200),
  clientSecret: z.string().min(1, 'is required').max(1000),
  /** Desktop: a CA certificate (PEM) chosen with `app.chooseCaFile` in this run; no other path
   * is read. Main keeps a copy in the data folder. */
  caFile: z.string().optional(),
  /** The CA certificate's PEM text (a file picked in the page); main keeps it in the data folder. */
  caPem: z.string().max(1_000_000).optional(),
});
export type ProfileInput = z.input<typeof ProfileInput>;

export const ConnectionTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Partner name the credentials belong to, when the test got that far. */
  partnerName: z.string().optional(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

export const KeychainStatus = z.object({
  available: z.boolean(),
  message: z.string(),
});
export type KeychainStatus = z.infer<typeof KeychainStatus>;

// ---------------------------------------------------------------------------------------
// App

export const AppMode = z.enum(['electron', 'browser']);
export type AppMode = z.infer<typeof AppMode>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  mode: AppMode,
  platform: z.string(),
  dataDir: z.string(),
  logsDir: z.string(),
  /** The embedded demo server's address when it runs. */
  embeddedServerUrl: z.string().optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** Menu and shortcut commands the shell forwards to the UI. */
export const AppCommand = z.enum([
  'newQuote',
  'duplicateQuote',
  'deleteQuote',
  'find',
  'undo',
  'redo',
  'syncNow',
  'openSettings',
  'openLibrary',
  'openPreferences',
  'openConflicts',
  'openNeedsAttention',
  'presentQuote',
]);
export type AppCommand = z.infer<typeof AppCommand>;

/** What a repair of a damaged store put back and what it could not read. */
export const RecoveryReport = z.object({
  /** Quotes with changes not yet synced, read back from the damaged file (pending again). */
  recovered: z.array(z.string()),
  /** Changes that could not be read back, each named as far as the file still allowed. */
  lost: z.array(z.string()),
  /** Where the damaged file was moved (it is never deleted). */
  movedTo: z.string(),
  message: z.string(),
});
export type RecoveryReport = z.infer<typeof RecoveryReport>;

/**
 * The local store's condition: `damaged` once a call found a damaged page in its file (edits
 * are refused until it is repaired), `full` while the disk has no room for the last write.
 * `message` is what the UI shows, once, as a notice.
 */
export const StoreHealth = z.object({
  damaged: z.boolean(),
  full: z.boolean(),
  /** Writes are refused by the folder (made read-only, its disk gone, locked elsewhere). */
  readOnly: z.boolean().optional(),
  message: z.string().nullable(),
  /** The repair this session started with, if the file was found damaged at start. */
  lastRepair: RecoveryReport.nullable().optional(),
});
export type StoreHealth = z.infer<typeof StoreHealth>;
