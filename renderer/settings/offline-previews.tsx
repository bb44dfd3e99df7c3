// Settings: how much disk the attachments kept for offline preview may take. They download
// last, after every quote is held; a smaller budget leaves the rest to be opened online.
import { useEffect, useState } from 'react';
import type { OfflineFiles } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatBytes } from '../format';
import { Button, TextField } from '../ui';
import { toast } from '../ui/toast';
import { ManagedNote } from './managed-note';

/** `locked`: the organisation's policy sets the budget; it is shown, not editable. */
export function OfflinePreviews({ locked = false }: { locked?: boolean }) {
  const [files, setFiles] = useState<OfflineFiles | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    void ipc()
      .call('sync.offlineFiles')
      .then((f) => {
        setFiles(f);
        setDraft(String(f.budgetMiB));
      })
      .catch((e) => setError(errorOf(e).message));
  }, []);

  const save = async () => {
    const budgetMiB = Number(draft);
    if (!/^\d+$/.test(draft.trim()) || !Number.isSafeInteger(budgetMiB)) {
      setError('Disk budget must be a whole number of MiB, 0 or more');
      return;
    }
    try {
      const f = await ipc().call('sync.setOfflineBudget', { budgetMiB });
      setFiles(f);
      setError(undefined);
      toast.success(`Offline previews may use up to ${formatBytes(f.budgetMiB * 2 ** 20)}`);
    } catch (e) {
      setError(errorOf(e).message);
    }
  };

  return (
    <section className="card card-pad stack" aria-labelledby="previews-h">
      <div className="row">
        <h2 id="previews-h" className="grow" style={{ margin: 0 }}>
          Offline previews
        </h2>
        {locked && <ManagedNote />}
      </div>
      <p className="muted">
        Attachments of quotes from the server are downloaded last, after every quote is on this
        computer, up to this much disk.
        {files && ` In use now: ${formatBytes(files.usedBytes)}.`}
      </p>
      <div className="row">
        <TextField
          label="Disk budget (MiB)"
          inputMode="numeric"
          value={draft}
          readOnly={locked}
          error={error}
          onChange={(e) => setDraft(e.target.value)}
        />
        {!locked && (
          <Button onClick={() => void save()} disabled={!files}>
            Save
          </Button>
        )}
      </div>
    </section>
  );
}
