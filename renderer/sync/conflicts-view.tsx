import { useCallback, useEffect, useState } from 'react';
import type { ConflictView } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatDateTime } from '../format';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quote-list';
import { useSync } from '../state/sync';
import { Button } from '../ui';
import { toast } from '../ui/toast';

function show(v: unknown): string {
  if (v === undefined) return '—';
  if (v === null) return '(none)';
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v, null, 1);
}

const FIELD_LABEL: Record<string, string> = {
  quote: 'Quote',
  lineItem: 'Line item',
  section: 'Section',
  accessEntry: 'Recipient',
  attachment: 'Attachment',
  introMessage: 'Introduction',
  termsAndDisclaimers: 'Terms and disclaimers',
  expiresOn: 'Expiry date',
  status: 'Status',
  published: 'Published',
  quantity: 'Quantity',
  price: 'Unit price',
  cost: 'Unit cost',
  note: 'Note',
  billingTerm: 'Billing term',
  name: 'Name',
  order: 'Order',
  lineItems: 'Items',
  email: 'E-mail',
  productName: 'Product name',
  productSku: 'SKU',
  initialTotal: 'Initial total',
};

/** The core's labels name fields as the API does; say them the way the editor does. */
function humanLabel(label: string): string {
  return label
    .split(' · ')
    .map((part) => FIELD_LABEL[part] ?? part)
    .join(' · ');
}

const KIND_NOTE: Record<ConflictView['kind'], string> = {
  field: '',
  deletedRemotely: 'Deleted on the server',
  deletedLocally: 'Deleted here, changed on the server',
  notEditable: 'The server’s status no longer allows these edits',
  maybeCreated: 'The connection dropped before the server answered: it may already be there',
};

/** Base / mine / theirs side by side, per field, grouped by quote. */
// long: the conflict list and its per-field choices resolve against the same loaded conflicts
export default function ConflictsView({ quoteId }: { quoteId?: string }) {
  const [conflicts, setConflicts] = useState<ConflictView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const go = useNav((s) => s.go);
  const conflictCount = useSync((s) => s.status?.conflictCount);

  const load = useCallback(async () => {
    try {
      const r = await ipc().call('sync.conflicts', quoteId ? { quoteId } : undefined);
      setConflicts(r.conflicts);
      setError(null);
      const ids = [...new Set(r.conflicts.map((c) => c.quoteId))];
      const entries = await Promise.all(
        ids.map(async (id) => {
          try {
            const q = await ipc().call('quotes.get', { quoteId: id });
            return [
              id,
              `${q.header.client.name}${q.header.referenceCode ? ` · ${q.header.referenceCode}` : ''}`,
            ] as const;
          } catch {
            return [id, id] as const;
          }
        }),
      );
      setNames(Object.fromEntries(entries));
    } catch (e) {
      setError(errorOf(e).message);
    }
  }, [quoteId]);

  useEffect(() => {
    // load() sets state only after its call answers, not synchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load, conflictCount]);

  const resolve = async (
    qid: string,
    take: 'mine' | 'theirs',
    conflictIds?: string[],
    adopt?: string,
  ) => {
    try {
      await ipc().call('sync.resolve', { quoteId: qid, take, conflictIds, adopt });
      toast.success(
        take === 'mine' ? 'Kept your version; it will sync.' : 'Took the server’s version.',
      );
      useQuoteList.getState().refresh();
      await load();
      void useSync.getState().load();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const saveAsNew = async (qid: string) => {
    try {
      const r = await ipc().call('sync.saveMineAsNew', { quoteId: qid });
      toast.info('Your version was saved as a new quote.', {
        label: 'Open',
        run: () => go({ screen: 'quote', quoteId: r.newQuote.header.id }),
      });
      useQuoteList.getState().refresh();
      await load();
      void useSync.getState().load();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const byQuote = new Map<string, ConflictView[]>();
  for (const c of conflicts ?? []) byQuote.set(c.quoteId, [...(byQuote.get(c.quoteId) ?? []), c]);

  return (
    <div className="page">
      <div className="page-header">
        <h1>Conflicts</h1>
        <Button onClick={() => void load()}>Refresh</Button>
      </div>
      <p className="muted">
        These changes were made both here and on the server. Nothing is lost: choose which to keep,
        field by field or for the whole quote, or keep your version as a new quote.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {conflicts?.length === 0 && (
        <div className="card empty">
          No conflicts. Everything that synced agrees with the server.
        </div>
      )}
      {[...byQuote.entries()].map(([qid, list]) => (
        <section
          key={qid}
          className="card conflict stack"
          aria-labelledby={`c-${qid}`}
          data-conflict-quote={qid}
        >
          <div className="row">
            <h2 id={`c-${qid}`} className="grow" style={{ margin: 0 }}>
              {names[qid] ?? 'Quote'}
            </h2>
            <Button size="sm" onClick={() => go({ screen: 'quote', quoteId: qid })}>
              Open quote
            </Button>
            <Button size="sm" onClick={() => void resolve(qid, 'mine')}>
              Take all mine
            </Button>
            <Button size="sm" onClick={() => void resolve(qid, 'theirs')}>
              Take all theirs
            </Button>
            <Button size="sm" variant="primary" onClick={() => void saveAsNew(qid)}>
              Save mine as a new quote
            </Button>
          </div>
          <div
            className="conflict-grid"
            role="table"
            aria-label={`Conflicting fields of ${names[qid] ?? 'the quote'}`}
          >
            <div role="row" style={{ display: 'contents' }}>
              <div role="columnheader" className="head">
                Field
              </div>
              <div role="columnheader" className="head">
                Before (base)
              </div>
              <div role="columnheader" className="head">
                Mine
              </div>
              <div role="columnheader" className="head">
                Theirs (server)
              </div>
              <div role="columnheader" className="head">
                <span className="sr-only">Choice</span>
              </div>
            </div>
            {list.map((c) => (
              <div
                key={c.id}
                role="row"
                style={{ display: 'contents' }}
                data-conflict={humanLabel(c.label)}
              >
                <div role="rowheader">
                  <strong>{humanLabel(c.label)}</strong>
                  {KIND_NOTE[c.kind] && <div className="item-meta">{KIND_NOTE[c.kind]}</div>}
                  <div className="item-meta">{formatDateTime(c.detectedAt)}</div>
                </div>
                <div role="cell" className="mono">
                  {show(c.base)}
                </div>
                <div role="cell" className="mono mine">
                  {show(c.mine)}
                </div>
                <div role="cell" className="mono theirs">
                  {show(c.theirs)}
                </div>
                <div role="cell" className="conflict-actions">
                  <Button
                    size="sm"
                    onClick={() => void resolve(qid, 'mine', [c.id])}
                    aria-label={`Take mine for ${humanLabel(c.label)}`}
                  >
                    {c.kind === 'maybeCreated' ? 'Send again' : 'Take mine'}
                  </Button>
                  {c.candidates && c.candidates.length > 0 ? (
                    // Which of the server's quotes is this one: the salesperson can tell them
                    // apart (reference code, time) where the app cannot.
                    c.candidates.map((k) => (
                      <Button
                        key={k.serverId}
                        size="sm"
                        onClick={() => void resolve(qid, 'theirs', [c.id], k.serverId)}
                        aria-label={`It is ${k.label}`}
                      >
                        It is {k.label.split(',')[0]}
                      </Button>
                    ))
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => void resolve(qid, 'theirs', [c.id])}
                      aria-label={`Take theirs for ${humanLabel(c.label)}`}
                    >
                      {c.kind === 'maybeCreated' ? 'It is there' : 'Take theirs'}
                    </Button>
                  )}
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
