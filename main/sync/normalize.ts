// Orders after a merge may collide (both sides appended at the same index). The API wants
// 0…n−1 for attachments; sections and their items are kept dense the same way.
import { type QuoteState, splitPlacementKey } from './model';

function dense<T extends { order: number }>(entries: [string, T][]): void {
  entries
    .sort(([ka, a], [kb, b]) => a.order - b.order || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .forEach(([, v], i) => {
      v.order = i;
    });
}

export function normalizeOrders(q: QuoteState): void {
  dense(Object.entries(q.attachments));
  dense(Object.entries(q.sections));
  const bySection = new Map<string, [string, { order: number }][]>();
  for (const e of Object.entries(q.placements)) {
    const s = splitPlacementKey(e[0]).section;
    bySection.set(s, [...(bySection.get(s) ?? []), e]);
  }
  for (const list of bySection.values()) dense(list);
}
