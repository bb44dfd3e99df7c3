import { useState } from 'react';
import type { QuoteStatus } from '../../common/api/enums';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { ipc } from '../ipc';
import { useEditor } from '../state/editor';
import { useSync } from '../state/sync';
import { Button, Dialog, SelectField, STATUS_LABEL } from '../ui';

/** Only the transitions docs/architecture.md#statuses-and-transitions allows from here; publishing needs the server. */
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

  return (
    <section className="card card-pad stack" aria-labelledby="status-h">
      <h2 id="status-h">Status</h2>
      {canPublish && (
        <div className="stack">
          <Button variant="primary" disabled={!online} onClick={() => setConfirming(true)}>
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
                    void run(() => ipc().call('quotes.publish', { quoteId }), 'header:status');
                  }}
                >
                  Publish
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
          </Dialog>
          {!online && (
            <span className="field-hint">Publishing needs a connection to the server.</span>
          )}
        </div>
      )}
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
              void run(
                () => ipc().call('quotes.setStatus', { quoteId, status: to }),
                'header:status',
              ).then((r) => r && setTo(''))
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
