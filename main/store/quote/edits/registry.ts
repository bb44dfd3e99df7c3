// The edits of the open quote that the IPC contract names (common/ipc/edit-calls.ts), one row
// each: what it changes (the event's `what`), its undo label, and its pure apply over one
// working copy (a composite calls the pure edit functions, so one call is one undo step). Typed by the contract's map, so a new edit call does not compile until it has
// its row here; the store applies any row through one method (`Store.applyEdit`), and the
// service of each call is derived from the row (main/services/edits.ts).
import type { EditCallName } from '../../../../common/ipc/edit-calls';
import type { IpcParsedInput } from '../../../../common/ipc/calls';
import type {
  AttachmentInput,
  ChangeOrigin,
  ChangeWhat,
  EditOptions,
  WorkQuote,
} from '../../types';
import { assertEditable, assertEveryOnce } from '../validate';
import * as accessList from './access-list';
import * as attachments from './attachments';
import type { EditContext } from './context';
import * as header from './header';
import * as kits from './kits';
import * as lineItems from './line-items';
import * as options from './options';
import * as ownership from './ownership';
import * as restore from './restore';
import * as sections from './sections';

/**
 * What a call's service brings to its edit beside the input (files it read and checked, a
 * PDF it made): the store has no disk of the user's and no renderer. An edit named here
 * does not compile without its service step (main/services/edits.ts).
 */
export interface Brought {
  'attachments.addFromPaths': AttachmentInput[];
  'attachments.addFromBytes': AttachmentInput[];
  'proposal.attach': AttachmentInput & { missingCharacters: string[] };
}
export type BroughtBy<N extends EditCallName> = N extends keyof Brought ? Brought[N] : undefined;

/** How `Store.applyEdit` applies a row: who made it, its field visit, what the service brought. */
export type ApplyOptions<N extends EditCallName> = EditOptions & {
  origin?: ChangeOrigin;
} & (N extends keyof Brought ? { brought: Brought[N] } : { brought?: undefined });

export interface EditRow<I, B = undefined> {
  what: ChangeWhat;
  /** The undo step's name. */
  label: string | ((input: I) => string);
  apply(w: WorkQuote, input: I, ctx: EditContext, brought: B): unknown;
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
  'lineItems.add': {
    what: 'lineItems',
    label: 'Add line items',
    // Into a section in the same step: Undo takes the items back, not only their move.
    apply: (w, { items, sectionId }, ctx) => {
      const ids = lineItems.addLineItems(w, items, ctx);
      if (sectionId) sections.moveLineItems(w, ids, { sectionId });
      return ids;
    },
    answer: (lineItemIds: string[]) => ({ lineItemIds }),
  },
  'kits.insert': {
    what: 'lineItems',
    label: 'Add kit',
    apply: (w, i, ctx) => kits.insertKit(w, ctx.kit(i.kitId).content, ctx),
    answer: (done: ReturnType<typeof kits.insertKit>) => done,
  },
  'versions.restore': {
    what: 'lineItems',
    label: (i) => `Restore version ${i.number}`,
    apply: (w, i, ctx) => restore.restoreVersion(w, ctx.version(i.quoteId, i.number), ctx),
  },
  'quotes.takeOwnership': {
    what: 'header',
    label: 'Take ownership',
    apply: (w, _i, ctx) => ownership.takeOwnership(w, ctx),
  },
  'attachments.addFromPaths': {
    what: 'attachments',
    label: 'Attach files',
    apply: (w, _i, ctx, files: AttachmentInput[]) => attachments.addAttachments(w, files, ctx),
  },
  'attachments.addFromBytes': {
    what: 'attachments',
    label: 'Attach files',
    apply: (w, _i, ctx, files: AttachmentInput[]) => attachments.addAttachments(w, files, ctx),
  },
  'proposal.attach': {
    what: 'attachments',
    label: 'Attach proposal',
    apply: (w, _i, ctx, pdf: Brought['proposal.attach']) => {
      // The quote holds the current proposal, not a pile of them: one of the same name goes.
      for (const a of w.attachments.filter((x) => x.name === pdf.name)) {
        attachments.removeAttachment(w, a.id);
      }
      const [attachmentId] = attachments.addAttachments(w, [pdf], ctx);
      return { attachmentId: attachmentId!, missingCharacters: pdf.missingCharacters };
    },
    answer: (made: { attachmentId: string; missingCharacters: string[] }) => made,
  },
} satisfies { [N in EditCallName]: EditRow<IpcParsedInput<N>, BroughtBy<N>> };

/** What an edit's apply answers (the ids it made, or nothing). */
export type EditResult<N extends EditCallName> = ReturnType<(typeof EDITS)[N]['apply']>;
