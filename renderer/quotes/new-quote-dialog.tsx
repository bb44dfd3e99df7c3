import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Company } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quote-list';
import { useSync } from '../state/sync';
import { Button, Dialog } from '../ui';
import { Combobox } from '../ui/combobox';

const placeOf = (c: Company) => [c.address?.city, c.address?.country].filter(Boolean).join(', ');

/**
 * Picking a client shows the choice and a Create button: a wrong pick costs nothing (a quote
 * made by mistake would be a draft that syncs to the server).
 */
export function NewQuoteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Company | null>(null);
  const go = useNav((s) => s.go);
  const createRef = useRef<HTMLButtonElement>(null);
  // The picker goes away with the pick; focus moves on to Create, so Enter creates.
  useEffect(() => {
    if (chosen) createRef.current?.focus();
  }, [chosen]);

  const close = () => {
    setChosen(null);
    setError(null);
    onClose();
  };

  const create = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const q = await ipc().call('quotes.create', { clientId: chosen.id });
      useQuoteList.getState().refresh();
      close();
      go({ screen: 'quote', quoteId: q.header.id });
    } catch (err) {
      setError(errorOf(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="New quote"
      open={open}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            ref={createRef}
            variant="primary"
            type="submit"
            form="new-quote-form"
            disabled={!chosen || busy}
          >
            {busy ? 'Creating…' : 'Create'}
          </Button>
        </>
      }
    >
      <form id="new-quote-form" aria-label="New quote" onSubmit={(e) => void create(e)}>
        {chosen ? (
          <ChosenClient client={chosen} onChange={() => setChosen(null)} />
        ) : (
          <Combobox<Company>
            label="Client"
            placeholder="Type a client name…"
            autoFocus
            error={error}
            hint={note ?? 'Pick the client this quote is for.'}
            search={async (text) => {
              const res = await ipc().call('catalogue.clients', {
                search: text || undefined,
                size: 20,
              });
              const sync = useSync.getState().status;
              const offline = !sync?.available || !sync.online;
              setNote(res.fromCache && offline ? 'Offline: clients from the local copy.' : null);
              return res.content;
            }}
            optionKey={(c) => c.id}
            optionText={(c) => [c.name, placeOf(c)].filter(Boolean).join(', ')}
            renderOption={(c) => (
              <>
                <span>{c.name}</span> <span className="muted">{placeOf(c)}</span>
              </>
            )}
            onPick={(c) => {
              setError(null);
              setChosen(c);
            }}
          />
        )}
        {chosen && error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function ChosenClient({ client, onChange }: { client: Company; onChange: () => void }) {
  return (
    <div className="row chosen" data-testid="chosen-client">
      <div className="grow">
        <div className="field-label">Client</div>
        <div className="item-name">{client.name}</div>
        <div className="item-meta">{placeOf(client)}</div>
      </div>
      <Button size="sm" onClick={onChange}>
        Change client
      </Button>
    </div>
  );
}
