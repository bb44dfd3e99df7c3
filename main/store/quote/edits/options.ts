// Options and alternatives on a working copy (common/quote-options): marking a line or a
// section optional, grouping sections as alternatives, and the client's choices — each choice
// takes an option's lines out of the quote (kept as a kit on this computer) or puts them back
// (as a kit is inserted: add-ons with their products, the section found by name or made).
import { LIMITS } from '../../../../common/api';
import type { QuoteOption, QuoteOptions } from '../../../../common/quote-options';
import { refuse } from '../../errors';
import type { WorkQuote } from '../../types';
import { assertEditable } from '../validate';
import type { EditContext } from './context';
import { insertKit, kitFromQuote } from './kits';
import { deleteLineItems } from './line-items';
import { deleteSection, moveSection } from './sections';

/** Chosen exactly when every line it had is in the quote (so undo restores choices too). */
export function isChosen(w: WorkQuote, o: QuoteOption): boolean {
  const have = new Set(w.lineItems.map((li) => li.id));
  return o.lineItemIds.every((id) => have.has(id));
}

function sizeOf(w: WorkQuote, o: QuoteOption): number {
  return isChosen(w, o) ? o.lineItemIds.length : o.kit.items.length;
}

/**
 * The largest combination of choices, when it would hold more line items than a quote can:
 * every option ticked and the largest alternative of each group. Named in words; null when
 * every combination fits.
 */
export function combinationProblem(w: WorkQuote, doc: QuoteOptions): string | null {
  const inOptions = new Set(
    doc.options.filter((o) => isChosen(w, o)).flatMap((o) => o.lineItemIds),
  );
  let count = w.lineItems.filter((li) => !inOptions.has(li.id)).length;
  const names: string[] = [];
  for (const o of doc.options.filter((x) => x.groupId === null)) {
    count += sizeOf(w, o);
    names.push(o.label);
  }
  for (const g of doc.groups) {
    const members = doc.options.filter((o) => o.groupId === g.id);
    const largest = members.reduce<QuoteOption | null>(
      (a, o) => (a && sizeOf(w, a) >= sizeOf(w, o) ? a : o),
      null,
    );
    if (!largest) continue;
    count += sizeOf(w, largest);
    names.unshift(largest.label);
  }
  if (count <= LIMITS.lineItems) return null;
  return `With ${names.join(', ')} chosen the quote would hold ${count} line items; a quote holds at most ${LIMITS.lineItems}.`;
}

function refuseIfTooMany(w: WorkQuote, doc: QuoteOptions, field: string): void {
  const problem = combinationProblem(w, doc);
  if (problem) refuse(field, problem, 'LINE_ITEM_LIMIT_EXCEEDED');
}

/** Lines already part of an option (chosen ones: those in the quote). */
function optionLines(doc: QuoteOptions): Set<string> {
  return new Set(doc.options.flatMap((o) => o.lineItemIds));
}

/** The line and, transitively, its add-ons. */
function withAddOns(w: WorkQuote, id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) {
    for (const li of w.lineItems) if (li.requiredLineItemId === out[i]) out.push(li.id);
  }
  return out;
}

/** Marks a line (with its add-ons) optional; it stays chosen until the client unticks it. */
export function markLine(
  w: WorkQuote,
  doc: QuoteOptions,
  lineItemId: string,
  ctx: EditContext,
): QuoteOptions {
  assertEditable(w);
  const li = w.lineItems.find((x) => x.id === lineItemId);
  if (!li) refuse('lineItemId', 'is not a line item of this quote', 'QUOTE_LINE_ITEM_NOT_FOUND');
  if (li.requiredLineItemId) {
    const parent = w.lineItems.find((x) => x.id === li.requiredLineItemId);
    refuse(
      'lineItemId',
      `is an add-on of ${parent?.product.name ?? 'another line'}: it goes with its product, so mark that one optional`,
    );
  }
  const ids = withAddOns(w, lineItemId);
  if (ids.some((id) => optionLines(doc).has(id)))
    refuse('lineItemId', `${li.product.name} is already part of an option or alternative`);
  const { kit } = kitFromQuote(w, ids, li.product.name, ctx);
  const option: QuoteOption = {
    id: ctx.newId(),
    label: li.product.name,
    kind: 'line',
    groupId: null,
    lineItemIds: ids,
    kit,
  };
  const next = { ...doc, options: [...doc.options, option] };
  refuseIfTooMany(w, next, 'lineItemId');
  return next;
}

/** A section as an option: its lines, which must not reach outside it through add-ons. */
function sectionOption(
  w: WorkQuote,
  doc: QuoteOptions,
  sectionId: string,
  groupId: string | null,
  field: string,
  ctx: EditContext,
): QuoteOption {
  const s = w.sections.find((x) => x.id === sectionId);
  if (!s) refuse(field, 'is not a section of this quote', 'RESOURCE_NOT_FOUND');
  const ids = s.lineItems.map((x) => x.lineItemId);
  if (ids.length === 0) refuse(field, `${s.name} has no line items to choose`);
  const inside = new Set(ids);
  const crossing = w.lineItems.find(
    (li) =>
      li.requiredLineItemId &&
      inside.has(li.id) !== inside.has(li.requiredLineItemId) &&
      w.lineItems.some((p) => p.id === li.requiredLineItemId),
  );
  if (crossing)
    refuse(
      field,
      `${crossing.product.name} is an add-on on the other side of ${s.name}'s edge: an add-on goes with its product, so keep both in the section`,
    );
  if (ids.some((id) => optionLines(doc).has(id)))
    refuse(field, `${s.name} holds a line that is already part of an option or alternative`);
  const { kit } = kitFromQuote(w, ids, s.name, ctx);
  return { id: ctx.newId(), label: s.name, kind: 'section', groupId, lineItemIds: ids, kit };
}

/** Marks a whole section optional. */
export function markSection(
  w: WorkQuote,
  doc: QuoteOptions,
  sectionId: string,
  ctx: EditContext,
): QuoteOptions {
  assertEditable(w);
  const option = sectionOption(w, doc, sectionId, null, 'sectionId', ctx);
  const next = { ...doc, options: [...doc.options, option] };
  refuseIfTooMany(w, next, 'sectionId');
  return next;
}

/**
 * Groups sections as alternatives ("choose one of"). All are still in the quote: the caller
 * then picks the default (choices.pick), which takes the others out in one undoable step.
 */
export function groupSections(
  w: WorkQuote,
  doc: QuoteOptions,
  name: string,
  sectionIds: string[],
  ctx: EditContext,
): { doc: QuoteOptions; groupId: string; optionIds: string[] } {
  assertEditable(w);
  if (new Set(sectionIds).size !== sectionIds.length) refuse('sectionIds', 'names a section twice');
  const groupId = ctx.newId();
  let next: QuoteOptions = { ...doc, groups: [...doc.groups, { id: groupId, name }] };
  const optionIds: string[] = [];
  sectionIds.forEach((id, i) => {
    const o = sectionOption(w, next, id, groupId, `sectionIds[${i}]`, ctx);
    optionIds.push(o.id);
    next = { ...next, options: [...next.options, o] };
  });
  refuseIfTooMany(w, next, 'sectionIds');
  return { doc: next, groupId, optionIds };
}

/**
 * Makes an option (or a group's chosen alternative) an ordinary part of the quote again. A
 * group's alternatives not chosen are dropped with it; an option not chosen cannot be unmarked.
 */
export function unmark(w: WorkQuote, doc: QuoteOptions, id: string): QuoteOptions {
  const group = doc.groups.find((g) => g.id === id);
  if (group)
    return {
      groups: doc.groups.filter((g) => g.id !== id),
      options: doc.options.filter((o) => o.groupId !== id),
    };
  const o = doc.options.find((x) => x.id === id);
  if (!o) refuse('id', 'is not an option or alternatives group of this quote');
  if (o.groupId) refuse('id', `${o.label} is one of a group: ungroup the group instead`);
  if (!isChosen(w, o)) refuse('id', `${o.label} is not in the quote: tick it first`);
  return { ...doc, options: doc.options.filter((x) => x.id !== id) };
}

function requireOption(doc: QuoteOptions, optionId: string, field: string): QuoteOption {
  const o = doc.options.find((x) => x.id === optionId);
  if (!o) refuse(field, 'is not an option of this quote');
  return o;
}

/** Takes an option's lines out (kept in its kit) or puts them back; a no-op when already so. */
function setChosen(
  w: WorkQuote,
  doc: QuoteOptions,
  o: QuoteOption,
  chosen: boolean,
  ctx: EditContext,
): QuoteOptions {
  if (isChosen(w, o) === chosen) return doc;
  let next: QuoteOption;
  if (!chosen) {
    const sectionId =
      o.kind === 'section'
        ? w.sections.find((s) => s.lineItems.some((x) => x.lineItemId === o.lineItemIds[0]))?.id
        : undefined;
    const { kit } = kitFromQuote(w, o.lineItemIds, o.label, ctx);
    deleteLineItems(w, o.lineItemIds);
    if (sectionId) deleteSection(w, sectionId);
    next = { ...o, kit };
  } else {
    const { lineItemIds } = insertKit(w, o.kit, ctx);
    next = { ...o, lineItemIds };
  }
  return { ...doc, options: doc.options.map((x) => (x.id === o.id ? next : x)) };
}

/** The client ticks or unticks an option. */
export function tick(
  w: WorkQuote,
  doc: QuoteOptions,
  optionId: string,
  chosen: boolean,
  ctx: EditContext,
): QuoteOptions {
  assertEditable(w);
  const o = requireOption(doc, optionId, 'optionId');
  if (o.groupId) refuse('optionId', `${o.label} is an alternative: pick it instead`);
  if (chosen) refuseIfTooMany(w, doc, 'optionId');
  return setChosen(w, doc, o, chosen, ctx);
}

/** The client picks one alternative of a group: the others leave the quote. */
export function pick(
  w: WorkQuote,
  doc: QuoteOptions,
  groupId: string,
  optionId: string,
  ctx: EditContext,
): QuoteOptions {
  assertEditable(w);
  if (!doc.groups.some((g) => g.id === groupId))
    refuse('groupId', 'is not an alternatives group of this quote');
  const o = requireOption(doc, optionId, 'optionId');
  if (o.groupId !== groupId) refuse('optionId', `${o.label} is not one of this group`);
  // The picked plan takes the place of the one it replaces: its section is made again by name,
  // which would otherwise put it after every other section of the quote.
  const slot = sectionIndexOf(
    w,
    doc.options.find((x) => x.groupId === groupId && isChosen(w, x)),
  );
  let next = doc;
  for (const other of doc.options.filter((x) => x.groupId === groupId && x.id !== optionId))
    next = setChosen(
      w,
      next,
      next.options.find((x) => x.id === other.id)!,
      false,
      ctx,
    );
  next = setChosen(
    w,
    next,
    next.options.find((x) => x.id === optionId)!,
    true,
    ctx,
  );
  const picked = next.options.find((x) => x.id === optionId)!;
  const now = sectionIndexOf(w, picked);
  if (slot !== null && now !== null && now !== slot)
    moveSection(
      w,
      w.sections.find((s) => s.order === now)!.id,
      Math.min(slot, w.sections.length - 1),
    );
  return next;
}

/** The place (order) of the section holding a section option's lines, or null. */
function sectionIndexOf(w: WorkQuote, o: QuoteOption | undefined): number | null {
  if (!o || o.kind !== 'section' || o.lineItemIds.length === 0) return null;
  const s = w.sections.find((x) => x.lineItems.some((li) => li.lineItemId === o.lineItemIds[0]));
  return s ? s.order : null;
}
