import { useState } from 'react';
import type { Company } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quote-list';
import { useSync } from '../state/sync';
import { Button, Combobox, Dialog } from '../ui';

export function NewQuoteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const go = useNav((s) => s.go);

  const pick = async (c: Company) => {
    setBusy(true);
    try {
      const q = await ipc().call('quotes.create', { clientId: c.id });
      useQuoteList.getState().refresh();
      onClose();
      go({ screen: 'quote', quoteId: q.header.id });
    } catch (e) {
      setError(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="New quote"
      open={open}
      onClose={onClose}
      footer={<Button onClick={onClose}>Cancel</Button>}
    >
      <Combobox<Company>
        label="Client"
        placeholder="Type a client name…"
        autoFocus
        error={error}
        hint={note ?? (busy ? 'Creating…' : 'Pick the client this quote is for.')}
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
        optionText={(c) => c.name}
        renderOption={(c) => (
          <>
            <span>{c.name}</span>
            <span className="muted">
              {[c.address?.city, c.address?.country].filter(Boolean).join(', ')}
            </span>
          </>
        )}
        onPick={(c) => void pick(c)}
      />
    </Dialog>
  );
}
