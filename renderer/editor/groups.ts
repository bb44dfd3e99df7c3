// The editor's line items grouped as the salesperson sees them: by section, then the rest.
import type { LineItemView, QuoteDetail } from '../../common/ipc/shapes';

export interface Group {
  sectionId: string | null;
  name: string;
  items: LineItemView[];
}

/** Sections in display order, then the items that are in none. */
export function groupsOf(detail: QuoteDetail): Group[] {
  const byId = new Map(detail.lineItems.map((i) => [i.id, i]));
  const placed = new Set<string>();
  const groups: Group[] = detail.sections.map((s) => ({
    sectionId: s.id,
    name: s.name,
    items: s.lineItemIds.flatMap((id) => {
      const it = byId.get(id);
      if (!it) return [];
      placed.add(id);
      return [it];
    }),
  }));
  const loose = detail.lineItems.filter((i) => !placed.has(i.id));
  if (loose.length || groups.length === 0)
    groups.push({ sectionId: null, name: 'Not in a section', items: loose });
  return groups;
}
