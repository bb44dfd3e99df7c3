import { refuse } from '../../errors';
import type { WorkQuote, WorkSection } from '../../types';
import { assertEditable, repairText } from '../validate';
import type { EditContext } from './context';

function renumber(w: WorkQuote): void {
  w.sections.sort((a, b) => a.order - b.order);
  w.sections.forEach((s, i) => {
    s.order = i;
    s.lineItems.sort((a, b) => a.order - b.order).forEach((x, j) => (x.order = j));
  });
}

function sectionOf(w: WorkQuote, id: string, field = 'sectionId'): WorkSection {
  const s = w.sections.find((x) => x.id === id);
  if (!s) refuse(field, 'is not a section of this quote', 'RESOURCE_NOT_FOUND');
  return s;
}

// A section's name was checked (and trimmed) where it entered: the IPC schema is the API's.
export function createSection(w: WorkQuote, name: string, ctx: EditContext): string {
  assertEditable(w);
  const id = ctx.newId();
  w.sections.push({ id, name: repairText(name), order: w.sections.length, lineItems: [] });
  return id;
}

export function renameSection(w: WorkQuote, sectionId: string, name: string): void {
  assertEditable(w);
  sectionOf(w, sectionId).name = repairText(name);
}

/** Removes a section; its line items stay on the quote, outside any section. */
export function deleteSection(w: WorkQuote, sectionId: string): void {
  assertEditable(w);
  sectionOf(w, sectionId);
  w.sections = w.sections.filter((s) => s.id !== sectionId);
  renumber(w);
}

export function moveSection(w: WorkQuote, sectionId: string, toIndex: number): void {
  assertEditable(w);
  const s = sectionOf(w, sectionId);
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= w.sections.length) {
    refuse('order', `must be between 0 and ${w.sections.length - 1}`, 'FAILED_ORDER_VALIDATION');
  }
  renumber(w);
  w.sections.splice(s.order, 1);
  w.sections.splice(toIndex, 0, s);
  w.sections.forEach((x, i) => (x.order = i));
}

/**
 * Moves a line item into a section at `index` (default: the end), or out of every section
 * when `sectionId` is null.
 */
export function moveLineItem(
  w: WorkQuote,
  lineItemId: string,
  to: { sectionId: string | null; index?: number },
): void {
  assertEditable(w);
  if (!w.lineItems.some((li) => li.id === lineItemId)) {
    refuse('lineItemId', 'is not a line item of this quote', 'QUOTE_LINE_ITEM_NOT_FOUND');
  }
  const target = to.sectionId === null ? null : sectionOf(w, to.sectionId);
  renumber(w);
  for (const s of w.sections) {
    s.lineItems = s.lineItems.filter((x) => x.lineItemId !== lineItemId);
  }
  if (target) {
    const index = to.index ?? target.lineItems.length;
    if (!Number.isInteger(index) || index < 0 || index > target.lineItems.length) {
      refuse(
        'index',
        `must be between 0 and ${target.lineItems.length}`,
        'FAILED_ORDER_VALIDATION',
      );
    }
    target.lineItems.splice(index, 0, { lineItemId, order: index });
  }
  renumber(w);
}

/** The quote's sections in the order given (every one of them, each once). */
export function reorderSections(w: WorkQuote, sectionIds: string[]): void {
  sectionIds.forEach((id, i) => moveSection(w, id, i));
}

/**
 * Moves line items, in the order given, into a section from `index` on (default: its end),
 * or out of every section when `sectionId` is null.
 */
export function moveLineItems(
  w: WorkQuote,
  lineItemIds: string[],
  to: { sectionId: string | null; index?: number },
): void {
  lineItemIds.forEach((id, i) =>
    moveLineItem(w, id, {
      sectionId: to.sectionId,
      ...(to.index === undefined ? {} : { index: to.index + i }),
    }),
  );
}
