// The edits of the open quote that the IPC contract names (common/ipc/edit-calls.ts), one row
// each: what it changes (the event's `what`), its undo label, and its pure apply over one
// working copy. Typed by the contract's map, so a new edit call does not compile until it has
// its row here; the store applies any row through one method (`Store.applyEdit`), and the
// service of each call is derived from the row (main/services/edits.ts).
import type { EditCallName } from '../../../common/ipc/edit-calls';
import type { IpcParsedInput } from '../../../common/ipc/calls';
import type { ChangeWhat, WorkQuote } from '../types';
import { assertEditable, assertEveryOnce } from '../validate';
import * as accessList from './access-list';
import * as attachments from './attachments';
import type { EditContext } from './context';
import * as header from './header';
import * as lineItems from './line-items';
import * as options from './options';
import * as sections from './sections';

export interface EditRow<I> {
  what: ChangeWhat;
  /** The undo step's name. */
  label: string;
  apply(w: WorkQuote, input: I, ctx: EditContext): unknown;
  /** The key of a field visit whose keystrokes are one undo step (absent: none). */
  coalesce?(input: I): string | undefined;
  /** What the call answers beside the quote, from what apply answered (absent: the quote). */
  answer?(result: never): Record<string, unknown>;
}

export const EDITS = {
  'quotes.updateHeader': {
    what: 'header',
    label: 'Edit quote details',
    apply: (w, { expiresOn, introMessage, termsAndDisclaimers }, ctx) =>
      header.updateHeader(w, { expiresOn, introMessage, termsAndDisclaimers }, ctx),
    coalesce: (i) => i.coalesce,
  },
  'lineItems.update': {
    what: 'lineItems',
    label: 'Edit line items',
    apply: (w, i, ctx) => lineItems.updateLineItems(w, [{ ...i.patch, id: i.lineItemId }], ctx),
    // A field visit is one per line: the same field of another line is another step.
    coalesce: (i) => (i.coalesce ? `${i.lineItemId}:${i.coalesce}` : undefined),
  },
  'lineItems.delete': {
    what: 'lineItems',
    label: 'Delete line items',
    apply: (w, i) => lineItems.deleteLineItems(w, i.lineItemIds),
  },
  'lineItems.move': {
    what: 'sections',
    label: 'Move line items',
    apply: (w, { lineItemIds, sectionId, index }) =>
      sections.moveLineItems(w, lineItemIds, {
        sectionId,
        ...(index === undefined ? {} : { index }),
      }),
  },
  'sections.create': {
    what: 'sections',
    label: 'Add section',
    apply: (w, i, ctx) => sections.createSection(w, i.name, ctx),
    answer: (sectionId: string) => ({ sectionId }),
  },
  'sections.rename': {
    what: 'sections',
    label: 'Rename section',
    apply: (w, i) => sections.renameSection(w, i.sectionId, i.name),
  },
  'sections.delete': {
    what: 'sections',
    label: 'Delete section',
    apply: (w, i) => sections.deleteSection(w, i.sectionId),
  },
  'accessList.add': {
    what: 'accessList',
    label: 'Share quote',
    apply: (w, i, ctx) => accessList.addAccessEntries(w, i.entries, ctx),
  },
  'accessList.remove': {
    what: 'accessList',
    label: 'Stop sharing',
    apply: (w, i) => accessList.removeAccessEntry(w, i.entryId),
  },
  'attachments.rename': {
    what: 'attachments',
    label: 'Edit attachments',
    apply: (w, i) => attachments.updateAttachments(w, [{ id: i.attachmentId, name: i.name }]),
  },
  'attachments.copyFromLibrary': {
    what: 'attachments',
    label: 'Attach from library',
    apply: (w, i, ctx) => attachments.copyLibraryAttachments(w, i.libraryAttachmentIds, ctx),
  },
  'sections.reorder': {
    what: 'sections',
    label: 'Reorder sections',
    apply: (w, i) => {
      assertEditable(w);
      assertEveryOnce(
        i.sectionIds,
        w.sections.map((x) => x.id),
        'sectionIds',
      );
      sections.reorderSections(w, i.sectionIds);
    },
  },
  'attachments.reorder': {
    what: 'attachments',
    label: 'Edit attachments',
    apply: (w, i) => {
      assertEditable(w);
      assertEveryOnce(
        i.attachmentIds,
        w.attachments.map((a) => a.id),
        'attachmentIds',
      );
      attachments.updateAttachments(
        w,
        i.attachmentIds.map((id, order) => ({ id, order })),
      );
    },
  },
  'attachments.delete': {
    what: 'attachments',
    label: 'Remove attachment',
    apply: (w, i) => attachments.removeAttachment(w, i.attachmentId),
  },
  // A choice changes the quote's lines and the options kept here, in one transaction: the
  // working copy (and so the undo step and the sync) holds what is chosen; see edits/options.ts.
  'choices.tick': {
    what: 'lineItems',
    label: 'Choose option',
    apply: (w, i, ctx) =>
      ctx.options.put(
        i.quoteId,
        options.tick(w, ctx.options.get(i.quoteId), i.optionId, i.chosen, ctx),
      ),
  },
  'choices.pick': {
    what: 'lineItems',
    label: 'Choose alternative',
    apply: (w, i, ctx) =>
      ctx.options.put(
        i.quoteId,
        options.pick(w, ctx.options.get(i.quoteId), i.groupId, i.optionId, ctx),
      ),
  },
} satisfies { [N in EditCallName]: EditRow<IpcParsedInput<N>> };

/** What an edit's apply answers (the ids it made, or nothing). */
export type EditResult<N extends EditCallName> = ReturnType<(typeof EDITS)[N]['apply']>;
