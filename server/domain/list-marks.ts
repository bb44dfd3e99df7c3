import type { Ctx } from '../context';

/**
 * Where the pages of one list ended: an offset → the sort key of the row just before it
 * (`[sort value, id]`), valid for one `ctx.version`. A client reads a long list page after
 * page; with OFFSET alone, page 999 of 100,000 quotes walks 99,900 index entries first. The
 * page before it left its end here, so the next page seeks to that key in the sort index and
 * skips nothing. Every change to a quote stamps it and bumps the version, so a mark is only
 * used on the very rows it was taken from: a page read by its mark is the page OFFSET would
 * read.
 */
export type SortKey = [value: unknown, id: string];

interface Marks {
  version: number;
  at: Map<number, SortKey>;
}

const lists = new WeakMap<Ctx, Map<string, Marks>>();
/** Lists (filter × sort × caller) whose marks are kept, and marks kept per list. */
const MAX_LISTS = 200;
const MAX_MARKS = 5_000;

function marksOf(ctx: Ctx, list: string): Marks {
  let all = lists.get(ctx);
  if (!all) lists.set(ctx, (all = new Map()));
  let m = all.get(list);
  if (!m || m.version !== ctx.version) {
    if (!m && all.size >= MAX_LISTS) all.clear();
    m = { version: ctx.version, at: new Map() };
    all.set(list, m);
  }
  return m;
}

/** The nearest mark at or before `offset` of this list, if any. */
export function markBefore(
  ctx: Ctx,
  list: string,
  offset: number,
): { offset: number; key: SortKey } | undefined {
  const { at } = marksOf(ctx, list);
  const exact = at.get(offset);
  if (exact) return { offset, key: exact };
  let best: number | undefined;
  for (const o of at.keys()) if (o < offset && (best === undefined || o > best)) best = o;
  return best === undefined ? undefined : { offset: best, key: at.get(best)! };
}

/** The row at `offset - 1` of this list has this key: a page starting at `offset` seeks to it. */
export function setMark(ctx: Ctx, list: string, offset: number, key: SortKey): void {
  const { at } = marksOf(ctx, list);
  if (at.size >= MAX_MARKS) at.clear();
  at.set(offset, key);
}
