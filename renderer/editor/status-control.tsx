import { useState } from 'react';
import type { QuoteStatus } from '../../common/api/enums';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import { useSync } from '../state/sync';
import { publishQueued } from './publish-queued';
import { MarginCheck, useMarginCheck } from './publish-margin-check';
import { Button, Dialog, SelectField, STATUS_LABEL } from '../ui';

/**
 * Only the transitions docs/architecture.md#statuses-and-transitions allows from here.
 * Publishing works offline too: it is queued like any edit ("Will be published at the next
 * sync"), Undo takes it back until it is sent, and a refusal by the server brings the quote
 * back as a draft with the reason.
 */
// long: the status choice and its confirmation step read the same target status
export function StatusControl({ detail }: { detail: QuoteDetail }) {
  const run = useEditor((s) => s.run);
  const error = useEditor((s) => s.errors['header:status']);
  const sync = useSync((s) => s.status);
  const online = !!sync?.available && sync.online;
  const choices = detail.allowedTransitions.filter((s) => s !== detail.header.status);
  const [to, setTo] = useState<QuoteStatus | ''>('');
  const quoteId = detail.header.id;
  const canPublish = choices.includes('sent');
  // Publishing sends the quote to the client: it is said plainly and confirmed first.
  const [confirming, setConfirming] = useState(false);
  const recipients = detail.accessList.length;
  const margins = useMarginCheck(detail, confirming);

  return (
    <section className="card card-pad stack" aria-labelledby="status-h">
      <h2 id="status-h">Status</h2>
      {canPublish && (
        <div className="stack">
          <Button variant="primary" onClick={() => setConfirming(true)}>
            Publish to client
          </Button>
          <Dialog
            title="Publish to the client?"
            open={confirming}
            onClose={() => setConfirming(false)}
            footer={
              <>
                <Button onClick={() => setConfirming(false)}>Cancel</Button>
                <Button
                  variant="primary"
                  onClick={() => {
                    setConfirming(false);
                    void run('quotes.publish', { quoteId }, 'header:status');
                  }}
                >
                  {margins.length > 0 ? 'Publish anyway' : 'Publish'}
                </Button>
              </>
            }
          >
            <p>
              {detail.header.client.name} will be able to see this quote
              {recipients > 0
                ? ` (${recipients} ${recipients === 1 ? 'recipient' : 'recipients'} on its access list)`
                : ''}
              . Once published it can no longer be edited until it is moved back to draft.
            </p>
            <MarginCheck flags={margins} />
            {!online && (
              <p>
                You are offline: it will be published at the next sync, and until then Undo takes it
                back.
              </p>
            )}
          </Dialog>
        </div>
      )}
      <PublishNotes detail={detail} />
      {choices.filter((s) => s !== 'sent').length > 0 ? (
        <div className="row">
          <SelectField
            label="Change status to"
            className="grow"
            value={to}
            onChange={(e) => setTo(e.target.value as QuoteStatus)}
          >
            <option value="">Choose…</option>
            {choices
              .filter((s) => s !== 'sent')
              .map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
          </SelectField>
          <Button
            disabled={!to}
            style={{ alignSelf: 'flex-end' }}
            onClick={() =>
              to &&
              void run('quotes.setStatus', { quoteId, status: to }, 'header:status').then(
                (r) => r && setTo(''),
              )
            }
          >
            Apply
          </Button>
        </div>
      ) : (
        !canPublish && <p className="muted">No further status changes are possible.</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** A publish waiting for the next sync, or the server's refusal of the last one. */
function PublishNotes({ detail }: { detail: QuoteDetail }) {
  const queued = publishQueued(detail);
  return (
    <>
      {queued && (
        <p className="field-hint" role="status" data-testid="publish-queued">
          Will be published at the next sync. Until then, Undo takes it back.
        </p>
      )}
      {detail.publishRefused && (
        <p className="field-error" role="alert" data-testid="publish-refused">
          Not published: the server refused it ({detail.publishRefused}). The quote is a draft
          again; nothing else changed.
        </p>
      )}
    </>
  );
}
