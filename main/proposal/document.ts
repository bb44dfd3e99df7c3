// The proposal's layout as a pdfmake document definition: letterhead, client, dates, intro,
// one table per section (header row repeated on every page a table runs over, rows never
// split), totals, terms, page numbers. Every text goes through `t` so characters the fonts
// cannot draw become U+FFFD instead of breaking the document.
import {
  PERIOD_TEXT,
  formatCents,
  formatDay,
  formatQuantity,
  formatUnit,
  periodOf,
} from './format';
import type { ProposalLine, ProposalModel } from './model';
import { choicesBlock } from './choices';
import { hashLine, signedBlock } from './signed';

type Node = Record<string, unknown> | string;

export interface LayoutOptions {
  locale: string;
  /** Makes a text safe to draw (see fonts.ts `drawable`). */
  t: (text: string) => string;
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const RULE = '#d1d5db';

/** US and Canadian partners print on Letter, everyone else on A4. */
export function pageSizeFor(currency: string): 'LETTER' | 'A4' {
  return currency === 'USD' || currency === 'CAD' ? 'LETTER' : 'A4';
}

function amountCell(line: ProposalLine, m: ProposalModel, o: LayoutOptions): Node {
  if (line.billingTerm === 'Trial') return { text: 'Trial, no charge', color: MUTED };
  const parts: Node[] = [];
  if (line.initialCents !== 0 || line.recurringCents === 0) {
    parts.push({
      text: [
        formatCents(line.initialCents, m.currency, o.locale),
        { text: line.recurringCents !== 0 ? ' once' : '', color: MUTED },
      ],
    });
  }
  if (line.recurringCents !== 0) {
    parts.push({
      text: [
        formatCents(line.recurringCents, m.currency, o.locale),
        { text: ` ${periodOf(line.billingTerm)}`, color: MUTED, fontSize: 7.5 },
      ],
    });
  }
  return { stack: parts, alignment: 'right' };
}

function productCell(line: ProposalLine, o: LayoutOptions): Node {
  const stack: Node[] = [{ text: o.t(line.product), bold: true }];
  if (line.addOnOf) {
    stack.push({ text: `Add-on to ${o.t(line.addOnOf)}`, color: MUTED, fontSize: 7.5 });
  }
  if (line.optional) stack.push({ text: 'Optional, included', color: ACCENT, fontSize: 7.5 });
  if (line.note) stack.push({ text: o.t(line.note), italics: true, color: MUTED, fontSize: 8 });
  return { stack, margin: [line.addOnOf ? 12 : 0, 0, 0, 0] };
}

function sectionTable(lines: ProposalLine[], m: ProposalModel, o: LayoutOptions): Node {
  const head = ['Product', 'SKU', 'Billing term', 'Qty', 'Unit price', 'Amount'].map(
    (label, i) => ({
      text: label,
      bold: true,
      color: MUTED,
      fontSize: 8,
      alignment: i >= 3 ? 'right' : 'left',
    }),
  );
  const body: Node[][] = [head];
  for (const line of lines) {
    body.push([
      productCell(line, o),
      { text: o.t(line.sku), fontSize: 8, color: MUTED },
      { text: line.billingTerm },
      { text: formatQuantity(line.quantity, o.locale), alignment: 'right' },
      { text: formatUnit(line.unitPrice, m.currency, o.locale), alignment: 'right' },
      amountCell(line, m, o),
    ]);
  }
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 70, 52, 28, 62, 86],
      body,
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === node.table.body.length ? 0 : i === 1 ? 1 : 0.5,
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
    margin: [0, 0, 0, 14],
  };
}

function block(label: string, lines: string[], o: LayoutOptions, bold?: string): Node {
  return {
    stack: [
      { text: label, color: MUTED, fontSize: 8, margin: [0, 0, 0, 2] },
      ...(bold ? [{ text: o.t(bold), bold: true, fontSize: 11 }] : []),
      ...lines.map((l) => ({ text: o.t(l) })),
    ],
  };
}

function factsTable(rows: [string, string][]): Node {
  return {
    table: {
      widths: ['auto', 'auto'],
      body: rows.map(([k, v]) => [
        { text: k, color: MUTED, alignment: 'right' },
        { text: v, bold: true },
      ]),
    },
    layout: 'noBorders',
  };
}

// long: the proposal's pages as one pdfmake document tree, read top to bottom like the printed page
export function proposalDocument(m: ProposalModel, o: LayoutOptions): Record<string, unknown> {
  const ref = m.referenceCode ?? 'Draft (not yet on the server)';
  const content: Node[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            // The logo fits a box the size of two lines of the heading, whatever its shape.
            ...(m.partner.logo
              ? [{ image: m.partner.logo, fit: [160, 48], margin: [0, 0, 0, 6] }]
              : []),
            { text: o.t(m.partner.name || 'Proposal'), fontSize: 16, bold: true, color: ACCENT },
            ...m.partner.address.map((l) => ({ text: o.t(l), color: MUTED })),
          ],
        },
        {
          width: 'auto',
          stack: [
            {
              text: 'Proposal',
              fontSize: 20,
              bold: true,
              alignment: 'right',
              margin: [0, 0, 0, 4],
            },
            factsTable([
              ['Reference', ref],
              ['Date', formatDay(m.createdOn, o.locale)],
              ['Valid until', formatDay(m.expiresOn, o.locale)],
            ]),
          ],
        },
      ],
      margin: [0, 0, 0, 18],
    },
    {
      columns: [
        block('Prepared for', m.client.address, o, m.client.name),
        ...(m.preparedBy ? [block('Prepared by', [m.preparedBy], o)] : []),
      ],
      columnGap: 24,
      margin: [0, 0, 0, 16],
    },
  ];
  if (m.intro) content.push({ text: o.t(m.intro), margin: [0, 0, 0, 16], lineHeight: 1.2 });

  if (m.sections.every((s) => s.lines.length === 0)) {
    content.push({ text: 'This proposal has no line items yet.', italics: true, color: MUTED });
  }
  for (const s of m.sections) {
    if (s.lines.length === 0) continue;
    if (s.name) {
      content.push({
        text: o.t(s.name),
        fontSize: 12,
        bold: true,
        margin: [0, 4, 0, 6],
        headlineLevel: 1,
      });
    }
    content.push(sectionTable(s.lines, m, o));
  }
  if (m.choices) content.push(...choicesBlock(m.choices, m.currency, o));

  content.push({
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: {
          widths: ['auto', 100],
          body: [
            ...(m.choices
              ? [[{ text: 'Totals as chosen', colSpan: 2, color: MUTED, fontSize: 8 }, '']]
              : []),
            [
              { text: 'Initial total (one-time)', bold: true },
              {
                text: formatCents(m.totals.initialCents, m.currency, o.locale),
                bold: true,
                alignment: 'right',
              },
            ],
            // Per billing period, as on the lines: a monthly and a yearly charge added up
            // would be neither what the client pays a month nor a year.
            ...m.totals.recurring.map((r) => [
              { text: `Recurring total ${PERIOD_TEXT[r.period]}`, bold: true },
              {
                text: formatCents(r.cents, m.currency, o.locale),
                bold: true,
                alignment: 'right',
              },
            ]),
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === (m.choices ? 1 : 0) ? 1.2 : 0),
          vLineWidth: () => 0,
          hLineColor: () => INK,
          paddingTop: () => 5,
          paddingBottom: () => 3,
        },
      },
    ],
    unbreakable: true,
    margin: [0, 4, 0, 8],
  });
  content.push({
    text: `All amounts in ${m.currency}. Recurring amounts are charged for each billing period shown on the line.`,
    fontSize: 7.5,
    color: MUTED,
    margin: [0, 0, 0, 16],
  });

  if (m.terms) {
    content.push(
      {
        text: 'Terms and disclaimers',
        fontSize: 12,
        bold: true,
        margin: [0, 4, 0, 6],
        headlineLevel: 1,
      },
      { text: o.t(m.terms), fontSize: 8.5, lineHeight: 1.2 },
    );
  }
  if (m.signed) content.push(signedBlock(m.signed, o.t));

  return {
    pageSize: pageSizeFor(m.currency),
    pageMargins: [40, 40, 40, 50],
    info: {
      title: o.t(`Proposal ${ref} for ${m.client.name}`),
      author: o.t(m.partner.name),
      subject: o.t(m.client.name),
      creator: 'Quotedesk',
      producer: 'Quotedesk',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK },
    content,
    footer: (page: number, pages: number) => ({
      stack: [
        {
          columns: [
            {
              text: o.t(`${m.partner.name ? `${m.partner.name} · ` : ''}Proposal ${ref}`),
              color: MUTED,
            },
            { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED },
          ],
        },
        ...(m.signed ? [hashLine(m.signed)] : []),
      ],
      fontSize: 7.5,
      margin: [40, m.signed ? 12 : 16, 40, 0],
    }),
    // A section heading never stays alone at the bottom of a page.
    pageBreakBefore: (
      node: { headlineLevel?: number },
      pages: { getFollowingNodesOnPage: () => unknown[] },
    ) => node.headlineLevel === 1 && pages.getFollowingNodesOnPage().length === 0,
  };
}
