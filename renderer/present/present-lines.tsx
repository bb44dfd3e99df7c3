// A section of the quote as the client reads it: each line with its quantity, unit price and
// amount — once, or per billing period as its term says. No cost, profit or margin: the view
// main sends has none.
import type { PresentLine, PresentView } from '../../common/ipc/present';
import { recurringPeriod } from '../../common/money';
import { formatMinor, formatNumber, formatUnit } from '../format';
import { PERIOD_LABEL } from '../format/periods';

function Amount({ line, currency }: { line: PresentLine; currency: string }) {
  if (line.billingTerm === 'Trial') return <span className="present-muted">Trial, no charge</span>;
  const period = recurringPeriod(line.billingTerm);
  const once = line.initialCents !== 0 || line.recurringCents === 0;
  return (
    <>
      {once && (
        <span className="present-amount">
          {formatMinor(line.initialCents, currency)}
          {line.recurringCents !== 0 && <span className="present-muted"> once</span>}
        </span>
      )}
      {line.recurringCents !== 0 && (
        <span className="present-amount">
          {formatMinor(line.recurringCents, currency)}
          <span className="present-muted"> {period ? PERIOD_LABEL[period] : 'recurring'}</span>
        </span>
      )}
    </>
  );
}

export function PresentSection({
  section,
  index,
  currency,
}: {
  section: PresentView['sections'][number];
  index: number;
  currency: string;
}) {
  if (section.lines.length === 0) return null;
  const headingId = `present-section-${index}`;
  const name = section.name ?? 'Items';
  return (
    <section className="present-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <table className="present-lines">
        <caption className="sr-only">{name}: items and prices</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {section.lines.map((l, i) => (
            <tr key={i} className={l.addOnOf ? 'present-addon' : undefined}>
              <th scope="row">
                <span className="present-product">{l.product}</span>
                {l.addOnOf && <span className="present-muted">Add-on to {l.addOnOf}</span>}
                {l.note && <span className="present-note">{l.note}</span>}
              </th>
              <td className="num">{formatNumber(l.quantity)}</td>
              <td className="num">{formatUnit(l.unitPrice, currency)}</td>
              <td className="num">
                <Amount line={l} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
