import { useEffect } from 'react';
import { useEditor } from '../state/editor';
import { useNav } from '../state/nav';
import { Button } from '../ui';
import { SyncBadge } from '../sync/sync-badge';
import { formatDate, formatDateTime } from '../format';
import { deleteQuote, duplicateQuote } from '../quotes/actions';
import { HeaderForm } from './header-form';
import { StatusControl } from './status-control';
import { LineItems } from './line-items';
import { OptionsCard } from '../options/options-card';
import { TotalsCard } from './totals-card';
import { publishQueued } from './publish-queued';
import { AccessList } from './access-list';
import { Attachments } from './attachments';
import { undo, redo } from '../state/undo';
import { OwnerRow } from './owner-row';
import { ProposalCard } from '../proposal/proposal-card';
import { VersionsCard } from './versions-card';
import { DeskNotice } from './desk-notice';
import { StubView } from './stub-view';
import { BackToQuotes, QuoteTitle } from './quote-title';

// long: the editor's page: loading the quote, its keyboard undo/redo and the layout of its cards
export default function QuoteEditor({ quoteId }: { quoteId: string }) {
  const detail = useEditor((s) => s.detail);
  const loadError = useEditor((s) => s.loadError);
  const go = useNav((s) => s.go);

  useEffect(() => {
    void useEditor.getState().open(quoteId);
    return () => useEditor.getState().close();
  }, [quoteId]);

  if (loadError) {
    return (
      <div className="page">
        <BackToQuotes />
        <h1>Quote unavailable</h1>
        <p role="alert">{loadError}</p>
      </div>
    );
  }
  if (!detail || detail.header.id !== quoteId) {
    return <div className="page muted">Loading quote…</div>;
  }
  if (detail.listOnly) return <StubView detail={detail} />;
  const h = detail.header;
  return (
    <div className="page">
      <QuoteTitle header={h}>
        <SyncBadge sync={detail.sync} />
        {detail.conflictCount > 0 && (
          <Button size="sm" variant="danger" onClick={() => go({ screen: 'conflicts', quoteId })}>
            Resolve {detail.conflictCount} {detail.conflictCount === 1 ? 'conflict' : 'conflicts'}
          </Button>
        )}
        <span className="grow" />
        <Button
          size="sm"
          onClick={() => void undo()}
          disabled={!detail.canUndo}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </Button>
        <Button
          size="sm"
          onClick={() => void redo()}
          disabled={!detail.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
        >
          Redo
        </Button>
        <Button
          size="sm"
          variant="primary"
          onClick={() => go({ screen: 'present', quoteId })}
          aria-keyshortcuts="Control+Shift+P"
          title="Show the quote to the client on the whole screen (Ctrl+Shift+P)"
        >
          Present
        </Button>
        <Button size="sm" onClick={() => void duplicateQuote(quoteId)}>
          Duplicate
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() =>
            void deleteQuote({ id: h.id, referenceCode: h.referenceCode, client: h.client }).then(
              (ok) => ok && go({ screen: 'quotes' }),
            )
          }
        >
          Delete
        </Button>
      </QuoteTitle>
      {!detail.editable && (
        <p className="readonly-note" role="note">
          {publishQueued(detail)
            ? 'This quote will be published at the next sync: its contents can no longer change. Undo takes the publish back until then.'
            : `This quote is ${h.status.replace('_', ' ')}: its contents can no longer change.`}
          {!publishQueued(detail) &&
            detail.allowedTransitions.includes('draft') &&
            ' Move it back to draft to edit it.'}
        </p>
      )}
      <DeskNotice detail={detail} />
      <div className="editor">
        <div className="editor-main">
          <HeaderForm detail={detail} />
          <LineItems detail={detail} />
          <OptionsCard detail={detail} />
          <AccessList detail={detail} />
          <Attachments detail={detail} />
        </div>
        <aside className="editor-side" aria-label="Summary">
          <StatusControl detail={detail} />
          <TotalsCard detail={detail} />
          <ProposalCard detail={detail} />
          <VersionsCard detail={detail} />
          <section className="card card-pad" aria-labelledby="details-h">
            <h2 id="details-h">Details</h2>
            <dl className="kv">
              <dt>Created</dt>
              <dd>{formatDateTime(h.createdOn)}</dd>
              <dt>Created by</dt>
              <dd>{h.createdBy || 'You (not yet synced)'}</dd>
              <OwnerRow detail={detail} />
              <dt>Updated</dt>
              <dd>{formatDateTime(h.updatedOn)}</dd>
              <dt>Expires</dt>
              <dd>{formatDate(h.expiresOn)}</dd>
              {h.publishedOn && (
                <>
                  <dt>Published</dt>
                  <dd>{formatDateTime(h.publishedOn)}</dd>
                </>
              )}
              {h.respondedOn && (
                <>
                  <dt>Responded</dt>
                  <dd>
                    {formatDateTime(h.respondedOn)}
                    {h.acceptedBy && ` · accepted by ${h.acceptedBy.fullName}`}
                    {h.declinedBy && ` · declined by ${h.declinedBy.fullName}`}
                  </dd>
                </>
              )}
              {detail.sync.message &&
                (detail.sync.state === 'error' || detail.sync.state === 'conflict') && (
                  <>
                    <dt>Sync</dt>
                    <dd className={detail.sync.state === 'error' ? 'field-error' : ''}>
                      {detail.sync.message}
                    </dd>
                  </>
                )}
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}
