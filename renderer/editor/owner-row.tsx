// The quote's owner in the editor's details, with "Take ownership" for a colleague's quote.
// Taking it is a local edit like any other: it shows at once, and reaches the server at the
// next sync (also when made offline).
import type { QuoteDetail } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import { Button } from '../ui';
import { toast } from '../ui/toast';

export function OwnerRow({ detail }: { detail: QuoteDetail }) {
  const h = detail.header;
  const run = useEditor((s) => s.run);
  const error = useEditor((s) => s.errors.ownership);
  const take = async () => {
    const r = await run('quotes.takeOwnership', { quoteId: h.id }, 'ownership');
    if (r) toast.success('You own this quote now. The server hears of it at the next sync.');
  };
  return (
    <>
      <dt>Owner</dt>
      <dd data-testid="quote-owner">
        {h.ownedBy?.fullName ?? '—'}
        {h.ownedByMe && <span className="muted"> (you)</span>}
        {!h.ownedByMe && (
          <>
            {' '}
            <Button size="sm" onClick={() => void take()}>
              Take ownership
            </Button>
          </>
        )}
        {error && (
          <span className="field-error" role="alert" style={{ display: 'block' }}>
            {error}
          </span>
        )}
      </dd>
    </>
  );
}
