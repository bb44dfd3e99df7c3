// The edit application: one local edit of a quote's working copy in one transaction — load it
// (the parsed copy of the last edit reused once SQLite confirms it is still the stored text),
// apply the pure edit, recompute totals, write the copy, its list row and search entry, record
// the undo step, bump the generation, announce it — and the store's edit methods built on it.
import type { StoredKit } from './local/kits';
import type { QuoteOptions } from '../../common/quote-options';
import * as accessList from './quote/edits/access-list';
import * as attachments from './quote/edits/attachments';
import type { EditContext } from './quote/edits/context';
import * as header from './quote/edits/header';
import * as kits from './quote/edits/kits';
import * as lineItems from './quote/edits/line-items';
import { freshCopy } from './quote/edits/fresh-copy';
import {
  EDITS,
  type ApplyOptions,
  type BroughtBy,
  type EditResult,
  type EditRow,
} from './quote/edits/registry';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { IpcParsedInput } from '../../common/ipc/calls';
import * as sections from './quote/edits/sections';
import { QuoteNotFoundError } from './errors';
import { DocWriter } from './quote/doc-writer';
import * as desk from './quote/edits/desk';
import type { DeskResponseKind } from '../../common/ipc/desk';
import type { QuoteStatus } from '../../common/api';
import { notDownloadedError } from './syncing/stubs';
import { parseDoc, recomputeTotals } from './quote/totals';
import { searchDoc } from './list/list-row';
import type {
  AccessEntryInput,
  AddLineItemInput,
  AttachmentInput,
  AttachmentPatch,
  ChangeOrigin,
  ChangeWhat,
  CreateQuoteInput,
  EditOptions,
  HeaderPatch,
  LineItemPatch,
  WorkQuote,
} from './types';
import { StoreCore } from './store-core';

/** The store's edits of a quote (see StoreCore for what they run on). */
export abstract class StoreEdits extends StoreCore {
  /**
   * One local edit: load the working copy, apply `fn`, recompute totals, write it with its
   * list row and search entry, push the previous copy on the undo stack, bump the generation.
   */
  private edit<T>(
    quoteId: string,
    what: ChangeWhat,
    label: string,
    fn: (w: WorkQuote, ctx: EditContext) => T,
    coalesce?: string,
    origin: ChangeOrigin = 'user',
  ): T {
    return this.transaction(() => {
      const r = this.row(quoteId);
      if (r.deleted) throw new QuoteNotFoundError(quoteId);
      if (this.stubs.has(r.qrow)) throw notDownloadedError();
      const cached = this.parsed.get(r.qrow);
      this.parsed.delete(r.qrow);
      const hit = cached !== undefined && this.repo.workIs(r.qrow, cached.doc);
      const prevDoc = hit ? cached.doc : this.repo.workDoc(r.qrow);
      // Stored documents carry no totals; fn needs none, and they are computed once after it.
      const w = hit ? cached.w : (JSON.parse(prevDoc) as WorkQuote);
      const prevSearch = hit ? cached.search : searchDoc(w);
      const writer = hit ? cached.writer : new DocWriter();
      const ctx = this.context();
      const result = fn(w, ctx);
      recomputeTotals(w, false);
      w.updatedOn = ctx.now;
      const doc = writer.write(w);
      // One step per call (its transaction) and per field visit: see undo-steps.ts.
      this.steps.record(r.qrow, label, prevDoc, doc, ctx.now, coalesce);
      this.repo.clearStack(r.qrow, 'redo');
      const search = this.repo.writeWork(r.qrow, prevSearch, w, doc, 'handled');
      if (this.parsed.size >= 64) this.parsed.clear();
      this.parsed.set(r.qrow, { doc, w, search, writer, generation: r.generation + 1 });
      this.repo.bumpGeneration(r.qrow);
      this.bus.emit({ quoteId, what, generation: r.generation + 1 });
      return result;
    }, origin);
  }

  /** A new draft for a client, with the preferences' defaults. */
  createQuote(input: CreateQuoteInput): WorkQuote {
    return this.transaction(() => {
      const ctx = this.context();
      const w = header.newQuote(input, ctx);
      recomputeTotals(w);
      this.repo.insert(w, {
        serverId: null,
        generation: 1,
        syncedGeneration: 0,
        syncState: 'pending',
      });
      this.bus.emit({ quoteId: w.id, what: 'created' });
      return w;
    }, 'user');
  }

  /** A copy of a quote's working copy as a new, never-synced quote (e.g. "save mine as new"). */
  saveAsNewQuote(quoteId: string): WorkQuote {
    return this.transaction(() => {
      const from = this.row(quoteId);
      if (this.stubs.has(from.qrow)) throw notDownloadedError();
      const src = parseDoc(this.repo.workDoc(from.qrow));
      const ctx = this.context();
      const w = freshCopy(src, ctx.newId, ctx.now, this.caches.identity());
      recomputeTotals(w);
      this.repo.insert(w, {
        serverId: null,
        generation: 1,
        syncedGeneration: 0,
        syncState: 'pending',
      });
      this.bus.emit({ quoteId: w.id, what: 'created' });
      return w;
    }, 'user');
  }

  /**
   * Applies an edit of the registry (edits/registry.ts) to the quote `input.quoteId`: one
   * transaction, one undo step (coalesced with the row's key, or `opts.coalesce`), its change
   * event from `opts.origin` (default the user's); `opts.brought` is what the call's service
   * brought for it (registry.ts `Brought`).
   */
  applyEdit<N extends EditCallName>(
    name: N,
    input: IpcParsedInput<N>,
    opts: ApplyOptions<N> = {} as ApplyOptions<N>,
  ): EditResult<N> {
    const row = EDITS[name] as unknown as EditRow<IpcParsedInput<N>, BroughtBy<N>>;
    return this.edit(
      input.quoteId,
      row.what,
      typeof row.label === 'string' ? row.label : row.label(input),
      (w, ctx) => row.apply(w, input, ctx, opts.brought as BroughtBy<N>) as EditResult<N>,
      opts.coalesce ?? row.coalesce?.(input),
      opts.origin,
    );
  }

  /** `opts.coalesce`: edits with the same key in a row are one undo step (one field visit). */
  updateHeader(quoteId: string, patch: HeaderPatch, opts: EditOptions = {}): void {
    this.edit(
      quoteId,
      'header',
      'Edit quote details',
      (w, ctx) => header.updateHeader(w, patch, ctx),
      opts.coalesce,
    );
  }

  /** The signed-in user becomes the owner; sent to the server at the next sync. */
  takeOwnership(quoteId: string): void {
    this.applyEdit('quotes.takeOwnership', { quoteId });
  }

  /** Adds items (at the end of section `sectionId` when given): one edit, one undo step. */
  addLineItems(quoteId: string, items: AddLineItemInput[], sectionId?: string): string[] {
    // The store takes items the contract's schema would also fill in (a usage-based item's
    // flags are looked up from the catalogue when absent).
    const parsed = items as IpcParsedInput<'lineItems.add'>['items'];
    return this.applyEdit('lineItems.add', { quoteId, items: parsed, sectionId });
  }

  updateLineItems(quoteId: string, patches: LineItemPatch[], opts: EditOptions = {}): void {
    this.edit(
      quoteId,
      'lineItems',
      'Edit line items',
      (w, ctx) => lineItems.updateLineItems(w, patches, ctx),
      opts.coalesce,
    );
  }

  /** Keeps the given line items (and the parents of add-ons among them) as a kit. */
  saveKit(
    quoteId: string,
    lineItemIds: string[],
    name: string,
  ): { kit: StoredKit; addedParents: string[] } {
    const made = kits.kitFromQuote(this.getWork(quoteId), lineItemIds, name, this.context());
    return { kit: this.kits.add(made.kit), addedParents: made.addedParents };
  }

  /**
   * Changes a quote's options and alternatives as `fn` says (kept on this computer; the quote
   * itself is not changed, so no undo step); returns what `fn` answers beside the document.
   */
  changeOptions<T extends { doc: QuoteOptions }>(
    quoteId: string,
    fn: (w: WorkQuote, doc: QuoteOptions, ctx: EditContext) => T,
  ): T {
    return this.transaction(() => {
      const out = fn(this.getWork(quoteId), this.quoteOptions.get(quoteId), this.context());
      this.quoteOptions.put(quoteId, out.doc);
      return out;
    });
  }

  /** What inserting a kit would do (room, today's prices, new sections); changes nothing. */
  previewKit(quoteId: string, kitId: string): kits.KitPlan {
    const kit = this.kits.require(kitId);
    return kits.planKit(this.getWork(quoteId), kit.content, this.context());
  }

  /** Inserts a kit as one edit, so one undo step; refused whole when it does not fit. */
  insertKit(
    quoteId: string,
    kitId: string,
  ): { lineItemIds: string[]; priceChanges: kits.KitPriceChange[] } {
    return this.applyEdit('kits.insert', { quoteId, kitId });
  }

  deleteLineItems(quoteId: string, lineItemIds: string[]): void {
    this.applyEdit('lineItems.delete', { quoteId, lineItemIds });
  }

  createSection(quoteId: string, name: string): string {
    return this.applyEdit('sections.create', { quoteId, name });
  }

  renameSection(quoteId: string, sectionId: string, name: string): void {
    this.applyEdit('sections.rename', { quoteId, sectionId, name });
  }

  deleteSection(quoteId: string, sectionId: string): void {
    this.applyEdit('sections.delete', { quoteId, sectionId });
  }

  /** Puts the sections in the order given (every one of them, each once). */
  reorderSections(quoteId: string, sectionIds: string[]): void {
    this.applyEdit('sections.reorder', { quoteId, sectionIds });
  }

  /** Moves several line items in one edit (see edits/sections.ts `moveLineItems`). */
  moveLineItems(
    quoteId: string,
    lineItemIds: string[],
    to: { sectionId: string | null; index?: number },
  ): void {
    this.edit(quoteId, 'sections', 'Move line items', (w) =>
      sections.moveLineItems(w, lineItemIds, to),
    );
  }

  moveLineItem(
    quoteId: string,
    lineItemId: string,
    to: { sectionId: string | null; index?: number },
  ): void {
    this.edit(quoteId, 'sections', 'Move line item', (w) =>
      sections.moveLineItem(w, lineItemId, to),
    );
  }

  addAccessEntries(quoteId: string, entries: AccessEntryInput[]): string[] {
    return this.edit(quoteId, 'accessList', EDITS['accessList.add'].label, (w, ctx) =>
      accessList.addAccessEntries(w, entries, ctx),
    );
  }

  removeAccessEntry(quoteId: string, entryId: string): void {
    this.applyEdit('accessList.remove', { quoteId, entryId });
  }

  addAttachments(quoteId: string, files: AttachmentInput[]): string[] {
    return this.applyEdit('attachments.addFromBytes', { quoteId, files: [] }, { brought: files });
  }

  copyLibraryAttachments(quoteId: string, libraryAttachmentIds: string[]): string[] {
    return this.applyEdit('attachments.copyFromLibrary', { quoteId, libraryAttachmentIds });
  }

  updateAttachments(quoteId: string, patches: AttachmentPatch[]): void {
    this.edit(quoteId, 'attachments', 'Edit attachments', (w) =>
      attachments.updateAttachments(w, patches),
    );
  }

  removeAttachment(quoteId: string, attachmentId: string): void {
    this.applyEdit('attachments.delete', { quoteId, attachmentId });
  }

  /** The client's answer at the desk (edits/desk.ts): one edit; answers the attachment's id. */
  answerAtDesk(quoteId: string, kind: DeskResponseKind, file: AttachmentInput): string {
    const label = kind === 'accepted' ? 'Accepted at the desk' : 'Answered at the desk';
    return this.edit(quoteId, 'header', label, (w, ctx) => desk.answerAtDesk(w, kind, file, ctx));
  }

  /** An answer never sent, withdrawn: the server's status again, its PDF detached. */
  withdrawDeskAnswer(quoteId: string, status: QuoteStatus, attachmentId: string | null): void {
    this.edit(quoteId, 'header', 'Withdraw the answer', (w) =>
      desk.withdrawAnswer(w, status, attachmentId),
    );
  }

  /**
   * Makes version `number` of the quote its working copy again (edits/restore.ts): one edit,
   * one undo step, sent by the next sync like any other.
   */
  restoreVersion(quoteId: string, number: number): void {
    this.applyEdit('versions.restore', { quoteId, number });
  }
}
