import { randomUUID } from 'node:crypto';
import type { Section, SectionPayload } from '../../common/api';
import type { Ctx } from '../context';
import { refused } from './errors';
import { lineItemRows } from './quotes';

const MAX_SECTIONS = 100;

export function sectionsOf(ctx: Ctx, quoteId: string): Section[] {
  const sections = ctx
    .sql<{ id: string; name: string; ord: number }>(
      'SELECT id, name, ord FROM sections WHERE quote_id = ? ORDER BY ord, rowid',
    )
    .all(quoteId);
  const items = ctx
    .sql<{ section_id: string; line_item_id: string; ord: number }>(
      'SELECT section_id, line_item_id, ord FROM section_items WHERE quote_id = ? ORDER BY ord, rowid',
    )
    .all(quoteId);
  return sections.map((s) => ({
    id: s.id,
    name: s.name,
    order: s.ord,
    lineItems: items
      .filter((i) => i.section_id === s.id)
      .map((i) => ({ lineItemId: i.line_item_id, order: i.ord })),
  }));
}

export function createSection(ctx: Ctx, quoteId: string, name: string): Section[] {
  return ctx.db.transaction(() => {
    const count = ctx
      .sql<{ n: number; top: number | null }>(
        'SELECT count(*) AS n, max(ord) AS top FROM sections WHERE quote_id = ?',
      )
      .get(quoteId)!;
    if (count.n >= MAX_SECTIONS) {
      throw refused('QUOTE_VALIDATION', `sections: a quote holds at most ${MAX_SECTIONS} sections`);
    }
    ctx
      .sql('INSERT INTO sections (quote_id, id, name, ord) VALUES (?, ?, ?, ?)')
      .run(quoteId, randomUUID(), name, count.top === null ? 0 : count.top + 1);
    ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), quoteId);
    return sectionsOf(ctx, quoteId);
  })();
}

/** Replaces every section of the quote with the payload's (the payload is the desired state). */
export function replaceSections(ctx: Ctx, quoteId: string, sections: SectionPayload[]): Section[] {
  return ctx.db.transaction(() => {
    const lineIds = new Set(lineItemRows(ctx, quoteId).map((l) => l.id));
    const sectionIds = new Set<string>();
    const placed = new Map<string, number>();
    sections.forEach((s, i) => {
      if (sectionIds.has(s.id))
        throw refused('INVALID_REQUEST_FIELD', `sections[${i}].id: ${s.id} is given twice`);
      sectionIds.add(s.id);
      s.lineItems.forEach((li, j) => {
        const at = `sections[${i}].lineItems[${j}].lineItemId`;
        if (!lineIds.has(li.lineItemId)) {
          throw refused(
            'LINE_ITEM_NOT_FOUND',
            `${at}: no line item ${li.lineItemId} on this quote`,
          );
        }
        if (placed.has(li.lineItemId)) {
          throw refused(
            'INVALID_REQUEST_FIELD',
            `${at}: line item ${li.lineItemId} is already in sections[${placed.get(li.lineItemId)}]`,
          );
        }
        placed.set(li.lineItemId, i);
      });
    });
    ctx.sql('DELETE FROM section_items WHERE quote_id = ?').run(quoteId);
    ctx.sql('DELETE FROM sections WHERE quote_id = ?').run(quoteId);
    const addSection = ctx.sql(
      'INSERT INTO sections (quote_id, id, name, ord) VALUES (?, ?, ?, ?)',
    );
    const addItem = ctx.sql(
      'INSERT INTO section_items (quote_id, section_id, line_item_id, ord) VALUES (?, ?, ?, ?)',
    );
    for (const s of sections) {
      addSection.run(quoteId, s.id, s.name, s.order);
      for (const li of s.lineItems) addItem.run(quoteId, s.id, li.lineItemId, li.order);
    }
    ctx.sql('UPDATE quotes SET updated_on = ? WHERE id = ?').run(ctx.stamp(), quoteId);
    return sectionsOf(ctx, quoteId);
  })();
}
