// Compare two versions of a quote, or a version with the quote now, side by side: tables with
// headers (what, the change in words, one column per side) for the quote's details, sections
// and line items, and the totals of both sides per billing period with their difference. Every
// change is said in words ("Added", "Removed", "Changed: quantity"), never by colour alone.
import { useEffect, useState } from 'react';
import type {
  ComparedHeaderField,
  ComparedLineField,
  FieldValue,
  LineChange,
  LineFacts,
  TotalsDelta,
  VersionComparison,
  VersionRef,
  VersionSummary,
} from '../../common/versions';
import { formatDate, formatMinor, formatNumber, formatUnit } from '../format';
import { errorOf, ipc } from '../ipc';
import { Dialog, SelectField, STATUS_LABEL } from '../ui';
import { BASIS_LABEL, versionTitle } from './version-labels';

const HEADER_LABEL: Record<ComparedHeaderField, string> = {
  expiresOn: 'Expires',
  introMessage: 'Introduction',
  termsAndDisclaimers: 'Terms and disclaimers',
};

const FIELD_LABEL: Record<ComparedLineField, string> = {
  name: 'Name',
  quantity: 'Quantity',
  price: 'Unit price',
  cost: 'Unit cost',
  billingTerm: 'Billing term',
  commitmentTerm: 'Commitment',
  initialTotal: 'Setup fee',
  note: 'Note',
  section: 'Section',
};

function fieldText(field: ComparedLineField, v: FieldValue, currency: string): string {
  if (v === null || v === '') return field === 'section' ? 'No section' : 'None';
  switch (field) {
    case 'quantity':
      return formatNumber(Number(v));
    case 'price':
    case 'cost':
    case 'initialTotal':
      return formatUnit(Number(v), currency);
    default:
      return String(v);
  }
}

function headerText(field: ComparedHeaderField, v: string): string {
  if (field === 'expiresOn') return formatDate(v);
  return v === '' ? 'None' : v;
}

function signed(cents: number, currency: string): string {
  if (cents === 0) return 'No change';
  return `${cents > 0 ? '+' : '−'}${formatMinor(Math.abs(cents), currency)}`;
}

/** A whole line as one side has it: "10 × $20.00 · Monthly · in Licences". */
function LineSide({ f, currency }: { f: LineFacts; currency: string }) {
  return (
    <>
      <div>
        {formatNumber(f.quantity)} × {formatUnit(f.price, currency)} · {f.billingTerm}
      </div>
      <div className="muted">
        Unit cost {formatUnit(f.cost, currency)}
        {f.section ? ` · in ${f.section}` : ''}
      </div>
      {f.note && <div className="muted">Note: {f.note}</div>}
    </>
  );
}

function Absent({ title }: { title: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not in {title}</span>
    </>
  );
}

function LineRow({ l, c }: { l: LineChange; c: VersionComparison }) {
  const cur = c.diff.currency;
  const change =
    l.change === 'changed'
      ? `Changed: ${l.fields.map((f) => FIELD_LABEL[f.field].toLowerCase()).join(', ')}`
      : l.change === 'added'
        ? 'Added'
        : 'Removed';
  return (
    <tr className={`change-${l.change}`} data-change={l.change}>
      <th scope="row">{l.name}</th>
      <td className="change-word">{change}</td>
      <td>
        {l.change === 'added' ? (
          <Absent title={c.from.title} />
        ) : l.change === 'removed' ? (
          <LineSide f={l.from!} currency={cur} />
        ) : (
          l.fields.map((f) => (
            <div key={f.field}>
              {FIELD_LABEL[f.field]}: {fieldText(f.field, f.from, cur)}
            </div>
          ))
        )}
      </td>
      <td>
        {l.change === 'removed' ? (
          <Absent title={c.to.title} />
        ) : l.change === 'added' ? (
          <LineSide f={l.to!} currency={cur} />
        ) : (
          l.fields.map((f) => (
            <div key={f.field}>
              {FIELD_LABEL[f.field]}: {fieldText(f.field, f.to, cur)}
            </div>
          ))
        )}
      </td>
    </tr>
  );
}

function TotalsRows({ t, currency }: { t: TotalsDelta; currency: string }) {
  const basis = BASIS_LABEL[t.basis];
  const rows = [
    ['Total', t.from.total, t.to.total, t.delta.total],
    ['Profit', t.from.profit, t.to.profit, t.delta.profit],
  ] as const;
  return (
    <>
      {rows.map(([what, from, to, delta]) => (
        <tr key={what} data-basis={t.basis}>
          <th scope="row">
            {what} {basis}
          </th>
          <td className="num change-word">{signed(delta, currency)}</td>
          <td className="num">{formatMinor(from, currency)}</td>
          <td className="num">{formatMinor(to, currency)}</td>
        </tr>
      ))}
    </>
  );
}

function Sides({ c }: { c: VersionComparison }) {
  const side = (s: VersionComparison['from']) => `${s.title} (${STATUS_LABEL[s.status]})`;
  return (
    <>
      <th scope="col">{side(c.from)}</th>
      <th scope="col">{side(c.to)}</th>
    </>
  );
}

// long: one view: the comparison's four tables share its sides and currency
function ComparisonView({ c }: { c: VersionComparison }) {
  const d = c.diff;
  const count = d.header.length + d.sections.length + d.lines.length;
  return (
    <div className="compare stack">
      <p role="status" className="compare-summary">
        {d.same
          ? `No differences: ${c.from.title} and ${c.to.title} have the same details, sections and line items.`
          : `${count} ${count === 1 ? 'change' : 'changes'} from ${c.from.title} to ${c.to.title}.`}
      </p>
      {d.header.length > 0 && (
        <table className="compare-table">
          <caption>Quote details</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <Sides c={c} />
            </tr>
          </thead>
          <tbody>
            {d.header.map((h) => (
              <tr key={h.field} className="change-changed" data-change="changed">
                <th scope="row">{HEADER_LABEL[h.field]}</th>
                <td className="change-word">Changed</td>
                <td className="text">{headerText(h.field, h.from)}</td>
                <td className="text">{headerText(h.field, h.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d.sections.length > 0 && (
        <table className="compare-table">
          <caption>Sections</caption>
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Change</th>
              <Sides c={c} />
            </tr>
          </thead>
          <tbody>
            {d.sections.map((s) => (
              <tr key={s.id} className={`change-${s.change}`} data-change={s.change}>
                <th scope="row">{s.to ?? s.from}</th>
                <td className="change-word">
                  {s.change === 'added' ? 'Added' : s.change === 'removed' ? 'Removed' : 'Renamed'}
                </td>
                <td>{s.from ?? <Absent title={c.from.title} />}</td>
                <td>{s.to ?? <Absent title={c.to.title} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {d.lines.length > 0 && (
        <table className="compare-table">
          <caption>Line items</caption>
          <thead>
            <tr>
              <th scope="col">Line item</th>
              <th scope="col">Change</th>
              <Sides c={c} />
            </tr>
          </thead>
          <tbody>
            {d.lines.map((l) => (
              <LineRow key={l.id} l={l} c={c} />
            ))}
          </tbody>
        </table>
      )}
      {d.totals.length > 0 && (
        <table className="compare-table compare-totals">
          <caption>Totals, once and per billing period</caption>
          <thead>
            <tr>
              <th scope="col">Amount</th>
              <th scope="col">Difference</th>
              <Sides c={c} />
            </tr>
          </thead>
          <tbody>
            {d.totals.map((t) => (
              <TotalsRows key={t.basis} t={t} currency={d.currency} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function CompareDialog({
  quoteId,
  versions,
  from: initialFrom,
  to: initialTo = 'now',
  onClose,
}: {
  quoteId: string;
  versions: VersionSummary[];
  from: number;
  /** The other side at first (default: the quote now). */
  to?: VersionRef;
  onClose: () => void;
}) {
  const [from, setFrom] = useState<VersionRef>(initialFrom);
  const [to, setTo] = useState<VersionRef>(initialTo);
  const [result, setResult] = useState<VersionComparison | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    ipc()
      .call('versions.compare', { quoteId, from, to })
      .then((c) => {
        if (!live) return;
        setResult(c);
        setError(null);
      })
      .catch((e: unknown) => live && setError(errorOf(e).message));
    return () => {
      live = false;
    };
  }, [quoteId, from, to]);

  const parse = (v: string): VersionRef => (v === 'now' ? 'now' : Number(v));
  const options = versions.map((v) => (
    <option key={v.number} value={v.number}>
      {versionTitle(v)}
    </option>
  ));
  return (
    <Dialog title="Compare versions" open wide onClose={onClose}>
      <div className="row">
        <SelectField
          label="From"
          className="grow"
          value={String(from)}
          onChange={(e) => setFrom(parse(e.target.value))}
        >
          {options}
          <option value="now">Now</option>
        </SelectField>
        <SelectField
          label="To"
          className="grow"
          value={String(to)}
          onChange={(e) => setTo(parse(e.target.value))}
        >
          {options}
          <option value="now">Now</option>
        </SelectField>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {result && !error && <ComparisonView c={result} />}
    </Dialog>
  );
}
