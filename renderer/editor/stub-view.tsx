// A quote of which only the list entry is on this computer (first sign-in): what the list
// knows, and that the rest is on its way. Nothing here can be edited until it has arrived;
// opening it asked the sync to download it before any other.
import type { QuoteDetail } from '../../common/ipc/shapes';
import { formatDateTime, formatMoney, formatNumber } from '../format';
import { useListOnlyLabel } from '../sync/list-only';
import { QuoteTitle } from './quote-title';

export function StubView({ detail }: { detail: QuoteDetail }) {
  const label = useListOnlyLabel();
  const h = detail.header;
  const counts = detail.listOnly!.lineItemCounts;
  const offline = label === 'Not available offline yet';
  return (
    <div className="page">
      <QuoteTitle header={h} />
      <p className="readonly-note" role="status" data-testid="stub-note">
        {offline
          ? 'Not available offline yet: only this quote’s list entry is on this computer. It downloads when the connection returns, and can be edited then.'
          : `${label === 'Downloading…' ? 'Downloading…' : 'Download paused (sync is paused).'} Only this quote’s list entry is here yet; it opens for editing as soon as its contents arrive.`}
      </p>
      <section className="card card-pad" aria-labelledby="stub-h">
        <h2 id="stub-h">From the quote list</h2>
        <dl className="kv">
          <dt>Line items</dt>
          <dd>{formatNumber(counts.total)}</dd>
          <dt>Initial total</dt>
          <dd>
            {formatMoney(detail.totals.initialTotal.amount, detail.totals.initialTotal.currency)}
          </dd>
          <dt>Recurring total</dt>
          <dd>
            {formatMoney(
              detail.totals.recurringTotal.amount,
              detail.totals.recurringTotal.currency,
            )}
          </dd>
          <dt>Created</dt>
          <dd>{formatDateTime(h.createdOn)}</dd>
          <dt>Created by</dt>
          <dd>{h.createdBy}</dd>
          {h.ownedBy && (
            <>
              <dt>Owner</dt>
              <dd>{h.ownedBy.fullName}</dd>
            </>
          )}
          <dt>Updated</dt>
          <dd>{formatDateTime(h.updatedOn)}</dd>
          {h.publishedOn && (
            <>
              <dt>Published</dt>
              <dd>{formatDateTime(h.publishedOn)}</dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
