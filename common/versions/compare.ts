// The comparison of two versions of a quote (or a version and the quote as it is now). Pure:
// the app's main process runs it over two stored copies and the UI shows what it says. Items
// and sections are matched by their local id, which a quote keeps for its whole life on this
// computer (through syncs too), so an item whose price changed is one "changed" item, not a
// removed one and an added one. Totals are recomputed from the lines with common/money, per
// billing period as the Totals card shows them: a monthly and a yearly amount are never added.
import type { LineItemKind } from '../api/enums';
import { marginPercent } from '../money/margin';
import { quoteTotalsCents } from '../money/totals';
import { lineMoneyInput } from '../money/line-input';
import { recurringPerPeriodOfLines, RECURRING_PERIODS } from '../money/periods';
import { moneyKind } from '../money/terms';
import {
  COMPARED_HEADER_FIELDS,
  type BasisCents,
  type ComparedLineField,
  type FieldValue,
  type HeaderChange,
  type LineChange,
  type LineFacts,
  type SectionChange,
  type TotalsBasis,
  type TotalsDelta,
  type VersionDiff,
} from './shapes';

/** A line item as a comparison reads it (the store's working copy has this shape). */
export interface VersionLine {
  id: string;
  kind: LineItemKind;
  product: { name: string; sku: string };
  billingTerm: string;
  commitmentTerm: { term: string } | null;
  quantity: number;
  price: number;
  cost: number;
  note: string;
  /** Custom items: the initial amount (a recurring item's setup fee). */
  initialTotal: number | null;
}

export interface VersionSection {
  id: string;
  name: string;
  order: number;
  lineItems: readonly { lineItemId: string; order: number }[];
}

/** One side of a comparison: what the client reads of a quote. */
export interface VersionContent {
  expiresOn: string;
  introMessage: string;
  termsAndDisclaimers: string;
  currency: string;
  lineItems: readonly VersionLine[];
  sections: readonly VersionSection[];
}

/** What changed from `older` to `newer`. */
export function compareVersions(older: VersionContent, newer: VersionContent): VersionDiff {
  const header = compareHeader(older, newer);
  const sections = compareSections(older.sections, newer.sections);
  const lines = compareLines(older, newer);
  return {
    header,
    sections,
    lines,
    totals: compareTotals(older.lineItems, newer.lineItems),
    currency: newer.currency,
    same: header.length === 0 && sections.length === 0 && lines.length === 0,
  };
}

function compareHeader(a: VersionContent, b: VersionContent): HeaderChange[] {
  return COMPARED_HEADER_FIELDS.filter((f) => a[f] !== b[f]).map((field) => ({
    field,
    from: a[field],
    to: b[field],
  }));
}

function compareSections(
  older: readonly VersionSection[],
  newer: readonly VersionSection[],
): SectionChange[] {
  const before = new Map(older.map((s) => [s.id, s]));
  const after = new Map(newer.map((s) => [s.id, s]));
  const out: SectionChange[] = [];
  for (const s of byOrder(newer)) {
    const was = before.get(s.id);
    if (!was) out.push({ id: s.id, change: 'added', to: s.name });
    else if (was.name !== s.name)
      out.push({ id: s.id, change: 'renamed', from: was.name, to: s.name });
  }
  for (const s of byOrder(older)) {
    if (!after.has(s.id)) out.push({ id: s.id, change: 'removed', from: s.name });
  }
  return out;
}

function byOrder<T extends { order: number }>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => a.order - b.order);
}

/** Each line's section: its id (compared) and its name (shown). */
function placements(v: VersionContent): Map<string, { id: string; name: string }> {
  const out = new Map<string, { id: string; name: string }>();
  for (const s of v.sections) for (const li of s.lineItems) out.set(li.lineItemId, s);
  return out;
}

function facts(li: VersionLine, section: { name: string } | undefined): LineFacts {
  return {
    name: li.product.name,
    sku: li.product.sku,
    quantity: li.quantity,
    price: li.price,
    cost: li.cost,
    billingTerm: li.billingTerm,
    note: li.note,
    section: section?.name ?? null,
  };
}

/** A setup fee is its own figure only on a recurring Custom item; elsewhere it follows the price. */
function setupFee(li: VersionLine): number | null {
  return li.kind === 'Custom' && moneyKind(li.billingTerm) === 'recurring'
    ? (li.initialTotal ?? 0)
    : null;
}

function lineFields(
  a: VersionLine,
  b: VersionLine,
  sa: { id: string; name: string } | undefined,
  sb: { id: string; name: string } | undefined,
): LineChange['fields'] {
  const pairs: Record<ComparedLineField, [FieldValue, FieldValue, boolean?]> = {
    name: [a.product.name, b.product.name],
    quantity: [a.quantity, b.quantity],
    price: [a.price, b.price],
    cost: [a.cost, b.cost],
    billingTerm: [a.billingTerm, b.billingTerm],
    commitmentTerm: [a.commitmentTerm?.term ?? null, b.commitmentTerm?.term ?? null],
    initialTotal: [setupFee(a), setupFee(b)],
    note: [a.note, b.note],
    // Compared by section id (a renamed section moves nothing), shown by name.
    section: [sa?.name ?? null, sb?.name ?? null, (sa?.id ?? null) !== (sb?.id ?? null)],
  };
  const out: LineChange['fields'] = [];
  for (const [field, [from, to, differs]] of Object.entries(pairs) as [
    ComparedLineField,
    [FieldValue, FieldValue, boolean?],
  ][]) {
    if (differs ?? from !== to) out.push({ field, from, to });
  }
  return out;
}

function compareLines(older: VersionContent, newer: VersionContent): LineChange[] {
  const before = new Map(older.lineItems.map((li) => [li.id, li]));
  const after = new Set(newer.lineItems.map((li) => li.id));
  const pa = placements(older);
  const pb = placements(newer);
  const out: LineChange[] = [];
  for (const li of newer.lineItems) {
    const was = before.get(li.id);
    if (!was) {
      out.push({
        id: li.id,
        change: 'added',
        name: li.product.name,
        to: facts(li, pb.get(li.id)),
        fields: [],
      });
      continue;
    }
    const fields = lineFields(was, li, pa.get(li.id), pb.get(li.id));
    if (fields.length) {
      out.push({
        id: li.id,
        change: 'changed',
        name: li.product.name,
        from: facts(was, pa.get(li.id)),
        to: facts(li, pb.get(li.id)),
        fields,
      });
    }
  }
  for (const li of older.lineItems) {
    if (after.has(li.id)) continue;
    out.push({
      id: li.id,
      change: 'removed',
      name: li.product.name,
      from: facts(li, pa.get(li.id)),
      fields: [],
    });
  }
  return out;
}

/** One-time money and each billing period's recurring money of these lines, in cents. */
export function totalsByBasis(lines: readonly VersionLine[]): Map<TotalsBasis, BasisCents> {
  const inputs = lines.map(lineMoneyInput);
  const out = new Map<TotalsBasis, BasisCents>();
  const t = quoteTotalsCents(inputs);
  // One-time money shows when there is some, as on the Totals card.
  const once = inputs.some((i) => moneyKind(i.billingTerm) === 'initial');
  if (once || t.initialTotal !== 0 || t.initialCost !== 0) {
    out.set('initial', basis(t.initialTotal, t.initialCost));
  }
  for (const p of recurringPerPeriodOfLines(inputs)) out.set(p.period, basis(p.total, p.cost));
  return out;
}

function basis(total: number, cost: number): BasisCents {
  const margin = marginPercent(total, cost);
  return { total, cost, profit: total - cost, ...(margin === undefined ? {} : { margin }) };
}

const ZERO: BasisCents = { total: 0, cost: 0, profit: 0 };

function compareTotals(
  older: readonly VersionLine[],
  newer: readonly VersionLine[],
): TotalsDelta[] {
  const a = totalsByBasis(older);
  const b = totalsByBasis(newer);
  const order: TotalsBasis[] = ['initial', ...RECURRING_PERIODS];
  return order
    .filter((k) => a.has(k) || b.has(k))
    .map((k) => {
      const from = a.get(k) ?? ZERO;
      const to = b.get(k) ?? ZERO;
      return {
        basis: k,
        from,
        to,
        delta: {
          total: to.total - from.total,
          cost: to.cost - from.cost,
          profit: to.profit - from.profit,
        },
      };
    });
}
