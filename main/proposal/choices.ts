// The client's choices on the proposal: every option and set of alternatives with what it adds,
// marked chosen or not, so a client reading the PDF after the meeting sees what they could
// still take — while the quote's own tables and totals stay the quote as currently chosen
// (what the server holds). Plain data from the options view (prices only, no cost).
import type { OptionsView } from '../../common/ipc';
import type { RecurringPeriod } from '../../common/money';
import { PERIOD_TEXT, formatCents } from './format';

export interface ProposalChoice {
  label: string;
  chosen: boolean;
  /** What it adds: one-time, and per billing period (never summed across periods). */
  initialCents: number;
  recurring: { period: RecurringPeriod; cents: number }[];
}

export interface ProposalChoices {
  /** "Choose one of": each set of alternatives in its order, exactly one chosen. */
  alternatives: { name: string; choices: ProposalChoice[] }[];
  /** Optional lines and sections, ticked (in the quote) or not. */
  optional: ProposalChoice[];
  /** The lines of ticked options, marked in the quote's tables. */
  optionalLineIds: string[];
}

const choiceOf = (o: OptionsView['options'][number]): ProposalChoice => ({
  label: o.label,
  chosen: o.chosen,
  initialCents: o.initialCents,
  recurring: o.recurring,
});

/** The choices of a quote, or undefined when it has none (its proposal is unchanged). */
export function proposalChoices(view: OptionsView): ProposalChoices | undefined {
  if (view.options.length === 0) return undefined;
  const optional = view.options.filter((o) => o.groupId === null);
  return {
    alternatives: view.groups.map((g) => ({
      name: g.name,
      choices: view.options.filter((o) => o.groupId === g.id).map(choiceOf),
    })),
    optional: optional.map(choiceOf),
    optionalLineIds: optional.filter((o) => o.chosen).flatMap((o) => o.lineItemIds),
  };
}

type Node = Record<string, unknown> | string;
/** The locale and the text-drawable guard, as document.ts lays out the rest. */
interface LayoutOptions {
  locale: string;
  t: (text: string) => string;
}

const MUTED = '#6b7280';
const RULE = '#d1d5db';

function priceText(c: ProposalChoice, currency: string, o: LayoutOptions): string {
  const parts = [
    ...(c.initialCents !== 0 || c.recurring.length === 0
      ? [`${formatCents(c.initialCents, currency, o.locale)} once`]
      : []),
    ...c.recurring.map(
      (r) => `${formatCents(r.cents, currency, o.locale)} ${PERIOD_TEXT[r.period]}`,
    ),
  ];
  return parts.join(' + ');
}

function rows(
  list: ProposalChoice[],
  currency: string,
  o: LayoutOptions,
  [yes, no]: [string, string],
) {
  return list.map((c) => [
    { text: o.t(c.label), bold: c.chosen },
    { text: priceText(c, currency, o), alignment: 'right' },
    {
      text: c.chosen ? yes : no,
      color: c.chosen ? undefined : MUTED,
      bold: c.chosen,
      alignment: 'right',
    },
  ]);
}

function table(body: Node[][]): Node {
  return {
    table: { widths: ['*', 'auto', 90], body, dontBreakRows: true },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === node.table.body.length ? 0 : 0.5,
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 10],
  };
}

/** The "Options and alternatives" part, printed after the sections and before the totals. */
export function choicesBlock(c: ProposalChoices, currency: string, o: LayoutOptions): Node[] {
  const out: Node[] = [
    {
      text: 'Options and alternatives',
      fontSize: 12,
      bold: true,
      margin: [0, 4, 0, 2],
      headlineLevel: 1,
    },
    {
      text: 'Prices are what each adds. The totals below are for the quote as chosen.',
      fontSize: 8,
      color: MUTED,
      margin: [0, 0, 0, 6],
    },
  ];
  for (const g of c.alternatives) {
    out.push({ text: `${o.t(g.name)}: choose one of`, bold: true, margin: [0, 2, 0, 2] });
    out.push(table(rows(g.choices, currency, o, ['Chosen', 'Not chosen'])));
  }
  if (c.optional.length) {
    out.push({ text: 'Optional', bold: true, margin: [0, 2, 0, 2] });
    out.push(table(rows(c.optional, currency, o, ['Included', 'Not included'])));
  }
  return out;
}
