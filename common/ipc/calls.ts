// Every call the UI may make, with its input and output schema. Main validates each input
// with `input` before it reaches a service; the output schema documents the answer and is
// checked in tests. Names are `area.verb`; the preload allowlist is `Object.keys(calls)`.
import { z } from 'zod';
import { QuoteStatus } from '../api/enums';
import { CreateQuotePayload } from '../api/payloads';
import { LIMITS } from '../api/limits';
import {
  AppInfo,
  BytesResult,
  CatalogueProduct,
  CatalogueQuery,
  Company,
  CommitmentTerm,
  ConflictChoice,
  ConflictView,
  ConnectionTestResult,
  DraftsExport,
  DraftsImport,
  FileBytes,
  Id,
  KeychainStatus,
  LibraryAttachment,
  PipelineQuery,
  PipelineResult,
  Preferences,
  PreferencesInput,
  ProductPrice,
  ProfileInput,
  ProfileView,
  RemovalCheck,
  QuoteDetail,
  RecoveryReport,
  StoreHealth,
  QuoteListQuery,
  QuoteListResult,
  SyncStatus,
  OfflineFiles,
  OfflineQuotes,
  cataloguePage,
} from './shapes';
import { PolicyStatus, UpdateState } from './managed';
import {
  VersionCheck,
  VersionComparison,
  VersionLabel,
  VersionRef,
  VersionSummary,
} from '../versions/shapes';
import { Passphrase, StoreAccessView, StoreChoice } from './protection';
import { call, Done, FilePath, Locale, none, quote } from './call';
import { kitCalls } from './kit-calls';
import { AttachmentName, editCalls } from './edit-calls';
import { presentCalls } from './present';
import { optionCalls } from './option-calls';
import { deskCalls } from './desk';
import { FollowUpList, FollowUpNotice, LocalPreferences } from './follow-ups';

/** A drafts file read in the page: under the bridge's 64 MiB body. */
const DRAFTS_TEXT_MAX = 60 * 1024 * 1024;
const ProposalBytes = BytesResult.extend({
  /** Characters the embedded fonts cannot draw: the document shows U+FFFD for each. */
  missingCharacters: z.array(z.string()),
});

export const calls = {
  // --- app -------------------------------------------------------------------------------
  'app.info': call(none, AppInfo),
  /** Desktop only: native open dialog for PDFs. Browser mode answers UNSUPPORTED. */
  'app.choosePdfFiles': call(
    z.object({ multiple: z.boolean().default(true) }).optional(),
    z.object({ paths: z.array(z.string()) }),
  ),
  /** Desktop only: native save dialog. `path` is null when the user cancels. */
  'app.chooseSavePath': call(
    z.object({ defaultName: z.string().max(255) }),
    z.object({ path: z.string().nullable() }),
  ),
  /** Opens an https link in the user's browser (desktop); refused for any other scheme. */
  'app.openExternal': call(z.object({ url: z.url({ protocol: /^https$/ }) }), Done),
  /** Desktop only: native open dialog for a CA certificate (PEM); its path may then be a
   * profile's `caFile`. */
  'app.chooseCaFile': call(none, z.object({ path: z.string().nullable() })),
  /** Desktop only: native open dialog for a drafts file (or, `kind: 'kit'`, a kit file); its
   * path may then go to `drafts.import` (`kits.import`). */
  'app.chooseDraftsFile': call(
    z.object({ kind: z.enum(['drafts', 'kit']).default('drafts') }).optional(),
    z.object({ path: z.string().nullable() }),
  ),
  /** The organisation's policy: what it locks, or why it was ignored. */
  'app.policy': call(none, PolicyStatus),
  /** Where updates stand (also pushed as `update.state`). */
  'app.updateState': call(none, UpdateState),
  /** Installs the downloaded update and restarts, once no edit or sync step is being written. */
  'app.restartToUpdate': call(none, Done),

  // --- quotes ----------------------------------------------------------------------------
  'quotes.list': call(QuoteListQuery, QuoteListResult),
  'quotes.get': call(z.object(quote), QuoteDetail),
  /** New local draft for a catalogue client, with the preferences' defaults. */
  'quotes.create': call(z.object({ clientId: CreateQuotePayload.shape.clientId }), QuoteDetail),
  /** A new local draft with the same client, header texts, items, sections and attachments. */
  'quotes.duplicate': call(z.object(quote), QuoteDetail),
  /** Deletes locally (and on the server at the next sync). Undo with `quotes.restore`. */
  'quotes.delete': call(z.object(quote), z.object({ quoteId: Id })),
  'quotes.restore': call(z.object(quote), QuoteDetail),
  /** A transition of the table in docs/architecture.md#statuses-and-transitions; `QuoteDetail.allowedTransitions` lists them. */
  'quotes.setStatus': call(z.object({ ...quote, status: QuoteStatus }), QuoteDetail),
  /** Sends the quote (status sent, published). Needs the server: syncs this quote now. */
  'quotes.publish': call(z.object(quote), QuoteDetail),
  /** JSON of one quote for support (no secrets). */
  'quotes.export': call(z.object(quote), z.object({ fileName: z.string(), json: z.string() })),
  /** Initial and recurring totals per status of every quote the list's filters match (all
   * but `status`, as the list's `statusCounts`), from the local store: works offline. */
  'quotes.pipeline': call(PipelineQuery, PipelineResult),

  // --- versions (this computer's record of a quote as sent or saved; never sent) ----------
  /** The quote's versions, oldest first. A publish makes one; `versions.save` another. */
  'versions.list': call(z.object(quote), z.object({ versions: z.array(VersionSummary) })),
  /** Freezes the quote as it is now as its next version, with a label. */
  'versions.save': call(z.object({ ...quote, label: VersionLabel }), VersionSummary),
  /**
   * The salesperson agreed to edit a quote whose accepted version is locked (an edit answered
   * `ACCEPTED_LOCKED`): saves the version "Edited after acceptance" after the accepted one, and
   * edits go through again until the next acceptance. `version` is null when nothing was locked.
   */
  'versions.startAfterAccepted': call(
    z.object(quote),
    z.object({ version: VersionSummary.nullable() }),
  ),
  /** What changed from `from` to `to` (a version's number, or `now`). */
  'versions.compare': call(
    z.object({ ...quote, from: VersionRef, to: VersionRef }),
    VersionComparison,
  ),
  /** The proposal PDF of a version as it was made (made now from the version if it was not). */
  'versions.pdf': call(z.object({ ...quote, number: z.number().int().min(1) }), BytesResult),
  /** Hashes every version's stored content again, follows the chain of hashes through them,
   * and says whether any was altered, removed or reordered, and which. */
  'versions.verify': call(z.object(quote), VersionCheck),

  // --- proposal (the client-facing PDF, generated on this computer, offline) ---------------
  /** The PDF itself, for the preview and the browser's download. */
  'proposal.render': call(z.object({ ...quote, locale: Locale }), ProposalBytes),
  /** Desktop: writes the PDF to `path` (from `app.chooseSavePath`). */
  'proposal.save': call(
    z.object({ ...quote, locale: Locale, path: FilePath }),
    z.object({
      path: z.string(),
      sizeBytes: z.number().int(),
      missingCharacters: z.array(z.string()),
    }),
  ),

  // --- line items ------------------------------------------------------------------------

  // --- sections --------------------------------------------------------------------------

  // --- access list -----------------------------------------------------------------------

  // --- quote attachments -----------------------------------------------------------------
  /** The PDF bytes from the local file, for pdf.js. */
  'attachments.preview': call(z.object({ ...quote, attachmentId: Id }), BytesResult),
  /** All of the quote's attachments as one zip, built locally (works offline). */
  'attachments.zip': call(z.object(quote), BytesResult),
  /** Desktop: writes that zip to `path` (from `app.chooseSavePath`). */
  'attachments.saveZip': call(
    z.object({ ...quote, path: FilePath }),
    z.object({ path: z.string(), sizeBytes: z.number().int() }),
  ),

  // --- library (partner-level; changes need the server) -----------------------------------
  'library.list': call(
    none,
    z.object({ attachments: z.array(LibraryAttachment), fromCache: z.boolean() }),
  ),
  'library.addFromPaths': call(
    z.object({ paths: z.array(FilePath).min(1).max(LIMITS.libraryAttachments) }),
    z.array(LibraryAttachment),
  ),
  'library.addFromBytes': call(
    z.object({ files: z.array(FileBytes).min(1).max(LIMITS.libraryAttachments) }),
    z.array(LibraryAttachment),
  ),
  /** Adds attachments of a quote to the library (the spec's `/quote-attachments/shared`). */
  'library.addFromQuote': call(
    z.object({ ...quote, attachmentIds: z.array(Id).min(1) }),
    z.array(LibraryAttachment),
  ),
  'library.rename': call(
    z.object({ attachmentId: Id, name: AttachmentName }),
    z.array(LibraryAttachment),
  ),
  'library.reorder': call(z.object({ attachmentIds: z.array(Id) }), z.array(LibraryAttachment)),
  'library.delete': call(z.object({ attachmentId: Id }), Done),
  /** Replaces the file of a library attachment (the spec's PATCH), keeping its name and place. */
  'library.replaceFromBytes': call(
    z.object({ attachmentId: Id, file: FileBytes }),
    z.array(LibraryAttachment),
  ),
  /** Desktop: the same with a file picked with `app.choosePdfFiles`. */
  'library.replaceFromPath': call(
    z.object({ attachmentId: Id, path: FilePath }),
    z.array(LibraryAttachment),
  ),
  'library.preview': call(z.object({ attachmentId: Id }), BytesResult),

  // --- preferences -----------------------------------------------------------------------
  'preferences.get': call(none, Preferences.extend({ fromCache: z.boolean() })),
  'preferences.update': call(PreferencesInput, Preferences),
  'preferences.addAttachments': call(
    z.object({ libraryAttachmentIds: z.array(Id).min(1).max(LIMITS.preferenceAttachments) }),
    Preferences,
  ),
  'preferences.removeAttachment': call(z.object({ attachmentId: Id }), Preferences),

  // --- catalogue (offline cache, refreshed when online) ------------------------------------
  'catalogue.clients': call(CatalogueQuery, cataloguePage(Company)),
  'catalogue.products': call(CatalogueQuery, cataloguePage(CatalogueProduct)),
  'catalogue.pricing': call(
    z.object({ productId: Id }),
    z.object({ prices: z.array(ProductPrice), fromCache: z.boolean() }),
  ),
  'catalogue.commitmentTerms': call(none, z.object({ terms: z.array(CommitmentTerm) })),

  // --- sync ------------------------------------------------------------------------------
  'sync.status': call(none, SyncStatus),
  /** Starts a pass now (all dirty quotes, or one) and answers when it has started. */
  'sync.runNow': call(z.object({ quoteId: Id.optional() }).optional(), SyncStatus),
  /**
   * A field of this quote was left: its edits waiting out the settle window go now. Not
   * `runNow`: that also pulls, retries parked quotes, cuts a backoff and copies the
   * partner's defaults again — a blur wants only the window cut short.
   */
  'sync.flushQuote': call(z.object({ quoteId: Id }), Done),
  'sync.pause': call(none, SyncStatus),
  'sync.resume': call(none, SyncStatus),
  /** The disk budget for attachments downloaded for offline preview, and the space used. */
  'sync.offlineFiles': call(none, OfflineFiles),
  'sync.setOfflineBudget': call(
    z.object({
      budgetMiB: z
        .number()
        .int('must be a whole number of MiB')
        .min(0, 'must be 0 or more')
        .max(1_000_000, 'must be at most 1,000,000 MiB'),
    }),
    OfflineFiles,
  ),
  'sync.offlineQuotes': call(none, OfflineQuotes),
  'sync.setKeepAllOffline': call(z.object({ keepAll: z.boolean() }), OfflineQuotes),
  'sync.conflicts': call(
    z.object({ quoteId: Id.optional() }).optional(),
    z.object({ conflicts: z.array(ConflictView) }),
  ),
  /** Per field (`conflictIds`) or for every open conflict of the quote (no `conflictIds`).
   * `adopt`, with `theirs` on a `maybeCreated` conflict: the server quote (one of its
   * `candidates`) that the user says is this one. */
  'sync.resolve': call(
    z.object({
      ...quote,
      take: ConflictChoice,
      conflictIds: z.array(Id).min(1).optional(),
      adopt: Id.optional(),
    }),
    QuoteDetail,
  ),
  /** Keeps my version as a new local quote; the original takes the server's version. */
  'sync.saveMineAsNew': call(
    z.object(quote),
    z.object({
      newQuote: QuoteDetail,
      /** Null when the original was deleted on the server and is now gone here too. */
      original: QuoteDetail.nullable(),
    }),
  ),

  // --- profiles --------------------------------------------------------------------------
  'profiles.list': call(
    none,
    z.object({ profiles: z.array(ProfileView), activeId: Id.nullable() }),
  ),
  'profiles.add': call(ProfileInput, ProfileView),
  /** Tests a saved profile, or unsaved input before adding it. */
  'profiles.test': call(z.union([z.object({ profileId: Id }), ProfileInput]), ConnectionTestResult),
  'profiles.switch': call(z.object({ profileId: Id }), ProfileView),
  /** Removes the profile and everything of it: store key first, then its store folder
   * (database, WAL, attachment files), the profile, its secret and tokens. */
  /** Counts what removing the connection would lose (unsynced drafts, conflicts, files). */
  'profiles.removalCheck': call(z.object({ profileId: Id }), RemovalCheck),
  'profiles.remove': call(z.object({ profileId: Id }), Done),
  'profiles.keychainStatus': call(none, KeychainStatus),
  /** Enters the client secret of an existing profile again (keychain, or memory without one);
   * the profile keeps its id and so its local store. */
  'profiles.setSecret': call(
    z.object({ profileId: Id, clientSecret: ProfileInput.shape.clientSecret }),
    ProfileView,
  ),

  // --- unsynced drafts of the connection in use, as one readable file --------------------
  /** The file's text, for a download (browser mode). */
  'drafts.export': call(none, DraftsExport.extend({ text: z.string() })),
  /** Desktop: writes the file to `path` (from `app.chooseSavePath`). */
  'drafts.save': call(z.object({ path: FilePath }), DraftsExport),
  /** Puts a drafts file's changes back as pending ones; refused (naming why) when the file is
   * not ours, damaged, newer, or of another partner. Desktop: `path` from
   * `app.chooseDraftsFile`; browser: the text of a file picked in the page. */
  'drafts.import': call(
    z.union([
      z.object({ path: FilePath }),
      z.object({ text: z.string().min(1, 'is empty').max(DRAFTS_TEXT_MAX, 'is too large') }),
    ]),
    DraftsImport,
  ),

  // --- protection of the quotes on this computer ----------------------------------------
  /** Open (and how it is protected) or locked (why, and what can be done). */
  'storeAccess.status': call(none, StoreAccessView),
  /** Opens a passphrase-protected store; a wrong one answers `locked` with `wrong: true`. */
  'storeAccess.unlock': call(z.object({ passphrase: Passphrase }), StoreAccessView),
  /** Without a keychain, at first start: encrypt with a passphrase, or keep unencrypted. */
  'storeAccess.choose': call(StoreChoice, StoreAccessView),
  /** Gives up a store that cannot be opened (its files are set aside, still encrypted) and
   * starts an empty one that sync fills from the server. Only with `confirm: true`. */
  'storeAccess.startOver': call(z.object({ confirm: z.literal(true) }), StoreAccessView),
  // --- the local store ------------------------------------------------------------------
  'store.health': call(none, StoreHealth),
  /** Repairs a damaged store: the file moved aside, a fresh one filled from the server, and
   * every unsynced change still readable put back as pending. */
  'store.recover': call(none, RecoveryReport),

  ...kitCalls,

  // --- edits of the open quote, one store edit each (main/store/quote/edits/registry.ts) ----------
  ...editCalls,

  // --- present mode (the client-facing screen) and the partner's logo, this computer only ---
  ...presentCalls,
  ...optionCalls,
  // --- the client's answer at the desk (present mode), taken offline, synced later --------
  ...deskCalls,

  // --- follow-ups and the user's own preferences (this computer, this profile) -------------
  /** "Needs attention": quotes expiring soon, sent and unanswered, changes requested, sync trouble. */
  'followUps.list': call(none, FollowUpList),
  /** Hides the quote's current reminders for a week. */
  'followUps.snooze': call(z.object(quote), FollowUpList),
  /** Moves the expiry on by the preferences' days to expire: an edit that syncs, undoable. */
  'followUps.extendExpiry': call(z.object(quote), QuoteDetail),
  /**
   * Browser mode's notice (the desktop app notifies from main): the reminders newly due since
   * the user was last told, marked as told; null when none or notifications are off.
   */
  'followUps.takeNotice': call(none, FollowUpNotice.nullable()),
  'localPreferences.get': call(none, LocalPreferences),
  'localPreferences.update': call(LocalPreferences.partial(), LocalPreferences),

  // --- undo / redo (per quote, local edits) ---------------------------------------------
  'edits.undo': call(z.object(quote), QuoteDetail),
  'edits.redo': call(z.object(quote), QuoteDetail),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const callNames = Object.keys(calls) as CallName[];

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(calls, name);
}

/** What the caller passes (defaults may be left out). */
export type IpcInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the service receives after parsing (defaults filled in). */
export type IpcParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type IpcOutput<N extends CallName> = z.output<Calls[N]['output']>;
