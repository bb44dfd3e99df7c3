// The file "Export unsynced drafts…" writes and "Import drafts…" reads: every change that
// exists only on this computer, for one connection, in a readable JSON file that a profile of
// the same partner can take back. Stated once here; main writes and reads it, nothing else.
import { z } from 'zod';
import {
  AccountType,
  BillingTerm,
  IntentType,
  LineItemKind,
  ProductType,
  QuoteStatus,
  UsageBasedType,
} from '../api/enums';

export const DRAFTS_FORMAT = 'quotedesk.unsynced-drafts';
/**
 * Moves only when an older app would misread a file of the new version. A part that an older
 * app may ignore (as `versions` below) is added as an optional key without a new version: zod
 * drops keys it does not know.
 */
export const DRAFTS_VERSION = 1;

const Id = z.string().min(1, 'must not be empty').max(200);
const Stamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
/** Objects of the server's shapes carried as they are: checked for what we rely on only. */
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

const Person = loose({ fullName: z.string() });
const Totals = loose({});

export const DraftLineItem = loose({
  id: Id,
  kind: LineItemKind,
  product: loose({
    id: z.string().nullable(),
    name: z.string(),
    sku: z.string(),
    isMspOnly: z.boolean(),
    type: ProductType,
  }),
  billingTerm: BillingTerm,
  commitmentTerm: loose({ id: z.string(), term: z.string() }).nullable(),
  effectiveDate: z.string(),
  price: z.number().finite(),
  cost: z.number().finite(),
  quantity: z.number().int(),
  note: z.string(),
  initialTotal: z.number().finite().nullable(),
  usageBased: loose({ displayNote: z.boolean(), type: UsageBasedType }).nullable(),
  requiredLineItemId: z.string().nullable(),
  requiredSubscriptionId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  totals: Totals.optional(),
});

export const DraftAttachment = loose({
  id: Id,
  name: z.string(),
  order: z.number().int(),
  type: z.string(),
  /** The SHA-256 of the file's bytes when they are in this file's `files`; else null (the
   * server has the file, or it is copied from the library there). */
  sha256: Sha256.nullable(),
  size: z.number().int().nonnegative().nullable(),
  createdOn: z.string(),
  createdBy: Person.nullable(),
  /** The server's address of the file, once uploaded. */
  url: z.string().nullable(),
  libraryAttachmentId: z.string().nullable(),
  preferenceAttachmentId: z.string().nullable(),
});

/** A quote's working copy: the local version, with local ids (see `ids` for the server's). */
export const DraftWork = loose({
  id: Id,
  status: QuoteStatus,
  client: loose({ id: z.string(), name: z.string(), isShadowCompany: z.boolean() }),
  partner: loose({ id: z.string(), name: z.string() }).nullable(),
  createdBy: z.string(),
  createdByEmail: z.string(),
  createdOn: z.string(),
  updatedOn: z.string(),
  expiresOn: z.string(),
  introMessage: z.string(),
  termsAndDisclaimers: z.string(),
  published: z.boolean(),
  referenceCode: z.string(),
  publishedOn: z.string().nullable(),
  respondedOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
  quoteRequestId: z.string().nullable(),
  salesMarginPercentage: z.number().nullable(),
  intentType: IntentType.nullable(),
  ownedBy: Person.nullable(),
  acceptedBy: Person.nullable(),
  declinedBy: Person.nullable(),
  currency: z.string(),
  lineItems: z.array(DraftLineItem),
  sections: z.array(
    loose({
      id: Id,
      name: z.string(),
      order: z.number().int(),
      lineItems: z.array(loose({ lineItemId: Id, order: z.number().int() })),
    }),
  ),
  accessList: z.array(
    loose({
      id: Id,
      email: z.string(),
      accountType: AccountType,
      link: z.string(),
      accountName: z.string().nullable(),
      accountRole: z.string().nullable(),
      userId: z.string().nullable(),
    }),
  ),
  attachments: z.array(DraftAttachment),
  totals: Totals.optional(),
});
export type DraftWork = z.infer<typeof DraftWork>;

/** The server's aggregate as last read back: the base a conflict is judged against. */
export const DraftBase = z.object({
  quote: loose({ id: z.string(), status: QuoteStatus }),
  sections: z.array(loose({})),
  accessList: z.array(loose({})),
});

export const DraftEntityKind = z.enum([
  'quote',
  'lineItem',
  'section',
  'accessEntry',
  'attachment',
  'libraryAttachment',
  'preferenceAttachment',
]);

export const DraftConflict = z.object({
  entityKind: z.enum(['quote', 'lineItem', 'section', 'accessEntry', 'attachment']),
  entityId: Id,
  /** A field name, `*` for the entity as a whole, `#create` for a create whose answer was lost. */
  field: z.string().min(1),
  base: z.unknown(),
  local: z.unknown(),
  remote: z.unknown(),
  createdAt: z.string(),
  /** Set for a choice made here that has not reached the server yet. */
  resolution: z.enum(['local', 'remote']).nullable(),
  resolvedAt: z.string().nullable(),
});
export type DraftConflict = z.infer<typeof DraftConflict>;

/** A request that may have reached the server without its answer arriving (the journal). */
export const DraftRequest = z.object({
  op: z.string().min(1),
  method: z.string().min(1),
  path: z.string(),
  fingerprint: z.string(),
  body: z.unknown(),
  state: z.enum(['planned', 'in_flight', 'unknown']),
  result: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DraftRequest = z.infer<typeof DraftRequest>;

const SyncCollection = z.enum(['items', 'sections', 'placements', 'access', 'attachments']);

export const DraftQuote = z.object({
  /** Local id, kept on import so the quote is the same one to the sync engine. */
  id: Id,
  /** Null: created here and never pushed. */
  serverId: z.string().nullable(),
  /** The local version: every edit not yet on the server is in it. */
  work: DraftWork,
  /** The server's version the edits were made on (null for a quote never pushed). */
  base: DraftBase.nullable(),
  /** Local id ↔ server id of the quote and its entities. */
  ids: z.array(z.object({ kind: DraftEntityKind, localId: Id, serverId: Id })),
  /** Unresolved conflicts (the local side is `local`), and choices not yet sent. */
  conflicts: z.array(DraftConflict),
  requests: z.array(DraftRequest),
  /** The sync engine's bookkeeping of entities it created or kept (main/sync: pushed, keep). */
  sync: z.object({
    pushed: z.array(z.object({ collection: SyncCollection, key: z.string(), value: z.unknown() })),
    kept: z.array(
      z.object({ collection: SyncCollection.exclude(['placements']), key: z.string() }),
    ),
    /** Why the server refused the quote's last publish (shown until it is published again). */
    publishRefused: z.string().nullable().optional(),
  }),
});
export type DraftQuote = z.infer<typeof DraftQuote>;

/** A quote deleted here whose delete had not reached the server. */
export const DraftDelete = z.object({
  serverId: Id,
  clientName: z.string(),
  referenceCode: z.string(),
});
export type DraftDelete = z.infer<typeof DraftDelete>;

/** An attachment's bytes that the server does not have yet. */
export const DraftFile = z.object({
  sha256: Sha256,
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  base64: z.string(),
});
export type DraftFile = z.infer<typeof DraftFile>;

/**
 * Whose drafts these are. A partner is its API (the base URL; the token's audience with it)
 * and, once a quote has been read from it, its partner id from the API's `PartnerDetails`
 * (the API has no "who am I" call). The user (client id) is said, not checked: a colleague
 * of the same partner may take the drafts over.
 */
export const DraftPartner = z.object({
  baseUrl: z.url(),
  audience: z.string(),
  id: z.string().nullable(),
  name: z.string().nullable(),
});
export type DraftPartner = z.infer<typeof DraftPartner>;

/**
 * A version of a quote as this computer kept it (main/store/local/versions.ts): its working copy as
 * it was, and the server ids of the quote and its lines and sections, by which another store
 * finds them under its own local ids. Its proposal PDF is made again from it on request.
 */
export const DraftVersion = z.object({
  quoteId: Id,
  quoteServerId: z.string().nullable(),
  number: z.number().int().min(1),
  reason: z.enum(['published', 'saved', 'desk', 'server']),
  label: z.string(),
  createdOn: z.string(),
  createdBy: z.string(),
  status: QuoteStatus,
  work: DraftWork,
  ids: z.array(z.object({ kind: z.enum(['lineItem', 'section']), localId: Id, serverId: Id })),
});
export type DraftVersion = z.infer<typeof DraftVersion>;

export const DraftsFile = z.object({
  format: z.literal(DRAFTS_FORMAT),
  version: z.literal(DRAFTS_VERSION),
  exportedAt: Stamp,
  /** The app that wrote it. */
  app: z.object({ version: z.string() }),
  partner: DraftPartner,
  profile: z.object({ name: z.string(), clientId: z.string() }),
  /** Who was signed in (user, partner, currency), when known. */
  identity: loose({ user: loose({ id: z.string() }) }).nullable(),
  quotes: z.array(DraftQuote),
  deletes: z.array(DraftDelete),
  files: z.array(DraftFile),
  /** Versions of quotes (local only; an older app ignores them). */
  versions: z.array(z.lazy(() => DraftVersion)).optional(),
});
export type DraftsFile = z.infer<typeof DraftsFile>;
