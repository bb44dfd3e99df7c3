// The calls that edit the open quote and answer it (the quote, or the quote beside what the
// edit made), each one edit of the store's registry
// (main/store/quote/edits/registry.ts: its label and its pure apply, typed by this map, so an edit
// call without its row does not compile). The service of each is derived from the two
// (main/services/edits.ts), and so is the editor's table of where a call's answer holds the
// quote (renderer/state/edit-calls.ts). Adding such an edit: its schema here, its row there.
import { z } from 'zod';
import { AccountType } from '../api/enums';
import { HEADER_TEXT_FIELDS } from '../api/kinds';
import { LIMITS } from '../api/limits';
import {
  AddAccessListEntryPayload,
  CreateSectionPayload,
  UpdateAttachmentPayload,
  UpdateQuotePayload,
} from '../api/payloads';
import { call, FilePath, Locale, quote } from './call';
import { KitPriceChange } from './kits';
import { AddLineItemInput, FileBytes, Id, LineItemPatch, QuoteDetail } from './shapes';

// Fields the API's payloads define (common/api/payloads.ts): their rules are stated there once.
export const AttachmentName = UpdateAttachmentPayload.shape.name;
const SectionName = CreateSectionPayload.shape.name;
const Header = UpdateQuotePayload.shape;
/** A recipient as the UI adds one: the API's entry, a contact unless it says otherwise. */
const AccessEntry = AddAccessListEntryPayload.pick({
  email: true,
  accountName: true,
  accountRole: true,
}).extend({ accountType: AccountType.default('contact') });
/**
 * Edits of a field committed as it is typed carry one key per visit of the field: edits in a
 * row with the same key are one undo step.
 */
const Coalesce = z.string().min(1).max(200);

export const editCalls = {
  'quotes.updateHeader': call(
    z
      .object({
        ...quote,
        expiresOn: Header.expiresOn.optional(),
        introMessage: Header.introMessage.optional(),
        termsAndDisclaimers: Header.termsAndDisclaimers.optional(),
        coalesce: Coalesce.optional(),
      })
      .refine((v) => HEADER_TEXT_FIELDS.some((f) => v[f] !== undefined), {
        message: `nothing to change: give ${HEADER_TEXT_FIELDS.slice(0, -1).join(', ')} or ${HEADER_TEXT_FIELDS.at(-1)}`,
      }),
    QuoteDetail,
  ),
  'lineItems.update': call(
    z.object({ ...quote, lineItemId: Id, patch: LineItemPatch, coalesce: Coalesce.optional() }),
    QuoteDetail,
  ),
  'lineItems.delete': call(z.object({ ...quote, lineItemIds: z.array(Id).min(1) }), QuoteDetail),
  /** Moves items into a section (null = out of every section) at `index` (default: end). */
  'lineItems.move': call(
    z.object({
      ...quote,
      lineItemIds: z.array(Id).min(1),
      sectionId: Id.nullable(),
      index: z.number().int().min(0).optional(),
    }),
    QuoteDetail,
  ),
  /** Answers the quote and the new section's id. */
  'sections.create': call(
    z.object({ ...quote, name: SectionName }),
    z.object({ quote: QuoteDetail, sectionId: Id }),
  ),
  'sections.rename': call(z.object({ ...quote, sectionId: Id, name: SectionName }), QuoteDetail),
  /** Its items stay on the quote, outside any section. */
  'sections.delete': call(z.object({ ...quote, sectionId: Id }), QuoteDetail),
  'accessList.add': call(
    z.object({
      ...quote,
      entries: z.array(AccessEntry).min(1).max(LIMITS.accessList),
    }),
    QuoteDetail,
  ),
  'accessList.remove': call(z.object({ ...quote, entryId: Id }), QuoteDetail),
  'attachments.rename': call(
    z.object({ ...quote, attachmentId: Id, name: AttachmentName }),
    QuoteDetail,
  ),
  'attachments.copyFromLibrary': call(
    z.object({ ...quote, libraryAttachmentIds: z.array(Id).min(1).max(LIMITS.quoteAttachments) }),
    QuoteDetail,
  ),
  /** The complete new order of the quote's sections. */
  'sections.reorder': call(z.object({ ...quote, sectionIds: z.array(Id) }), QuoteDetail),
  /** The complete new order of the quote's attachments. */
  'attachments.reorder': call(z.object({ ...quote, attachmentIds: z.array(Id) }), QuoteDetail),
  'attachments.delete': call(z.object({ ...quote, attachmentId: Id }), QuoteDetail),
  /** The client ticks (or unticks) an option: its lines join (or leave) the quote. */
  'choices.tick': call(z.object({ ...quote, optionId: Id, chosen: z.boolean() }), QuoteDetail),
  /** The client picks one alternative of a group: the others' lines leave the quote. */
  'choices.pick': call(z.object({ ...quote, groupId: Id, optionId: Id }), QuoteDetail),
  /** Adds one or more items; add-ons go in the same call as their parent (spec rule 1). */
  'lineItems.add': call(
    z.object({
      ...quote,
      items: z.array(AddLineItemInput).min(1).max(LIMITS.lineItems),
      /** Section to put the new items in; absent = not in any section. */
      sectionId: Id.optional(),
    }),
    z.object({ quote: QuoteDetail, lineItemIds: z.array(Id) }),
  ),
  /** Inserts a kit (kept on this computer) into the quote; refused whole when it does not fit. */
  'kits.insert': call(
    z.object({ kitId: Id, ...quote }),
    z.object({
      quote: QuoteDetail,
      lineItemIds: z.array(Id),
      priceChanges: z.array(KitPriceChange),
    }),
  ),
  /** Makes a version the working copy again (Undo takes it back), synced like any edit. */
  'versions.restore': call(z.object({ ...quote, number: z.number().int().min(1) }), QuoteDetail),
  /** Makes the signed-in user the owner; works offline, sent at the next sync. Refused with
   * apiCode `QUOTE_ALREADY_OWNED` when the quote is already the user's. */
  'quotes.takeOwnership': call(z.object(quote), QuoteDetail),
  /** Desktop: files picked with `app.choosePdfFiles`. PDFs only, 10 MiB each. */
  'attachments.addFromPaths': call(
    z.object({ ...quote, paths: z.array(FilePath).min(1).max(LIMITS.quoteAttachments) }),
    QuoteDetail,
  ),
  /** Browser mode (and drag-and-drop): the file bytes themselves. */
  'attachments.addFromBytes': call(
    z.object({ ...quote, files: z.array(FileBytes).min(1).max(LIMITS.quoteAttachments) }),
    QuoteDetail,
  ),
  /** Adds the proposal PDF to the quote's attachments (replacing an earlier proposal of the
   * same name); it uploads at the next sync like any attachment. */
  'proposal.attach': call(
    z.object({ ...quote, locale: Locale }),
    z.object({ quote: QuoteDetail, attachmentId: Id, missingCharacters: z.array(z.string()) }),
  ),
} as const;

export type EditCallName = keyof typeof editCalls;
export const EDIT_CALL_NAMES = Object.keys(editCalls) as EditCallName[];
