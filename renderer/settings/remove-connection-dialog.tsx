import { useCallback, useEffect, useState } from 'react';
import type { ProfileView, RemovalCheck } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { Button, Dialog } from '../ui';
import { DRAFTS_FILE_WARNING, ExportDraftsButton } from './drafts-card';

/**
 * Settings → Remove: first counts what exists only on this computer (unsynced drafts and
 * deletes, unresolved conflicts, files not uploaded) and says so, offering to sync first;
 * with nothing unsynced it is a plain confirm. The Dialog gives focus back to the opener.
 */
export function RemoveConnectionDialog({
  profile,
  onClose,
  onRemove,
}: {
  profile: ProfileView;
  onClose: () => void;
  onRemove: () => void;
}) {
  const [check, setCheck] = useState<RemovalCheck | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);

  const count = useCallback(
    () =>
      ipc()
        .call('profiles.removalCheck', { profileId: profile.id })
        .then(setCheck)
        .catch((e: unknown) => setNote(errorOf(e).message)),
    [profile.id],
  );
  useEffect(() => {
    void count();
  }, [count]);

  const syncNow = async () => {
    setSyncing(true);
    try {
      const status = await ipc().call('sync.runNow');
      setNote(status.online ? null : 'Quotedesk is offline: nothing could be synced.');
    } catch (e) {
      setNote(errorOf(e).message);
    } finally {
      setSyncing(false);
      await count();
    }
  };

  const unsynced = check?.summary ?? null;
  return (
    <Dialog
      title="Remove connection"
      open
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          {unsynced && (
            <Button disabled={syncing} onClick={() => void syncNow()}>
              {syncing ? 'Syncing…' : 'Sync now'}
            </Button>
          )}
          {unsynced && check?.counted && (
            <ExportDraftsButton profileName={profile.name} onDone={setNote} />
          )}
          <Button variant="danger" disabled={!check} onClick={onRemove}>
            {unsynced || check?.counted === false ? 'Remove anyway' : 'Remove'}
          </Button>
        </>
      }
    >
      {!check ? (
        <p>Counting what is not yet synced…</p>
      ) : unsynced ? (
        <>
          <p role="status">
            “{profile.name}” has {unsynced}.
          </p>
          <p>
            Removing it deletes them from this computer for good, with its quotes, files and secret.
            Export unsynced drafts… saves them to a file you can import into a connection to the
            same partner later. {DRAFTS_FILE_WARNING}
          </p>
        </>
      ) : check.counted ? (
        <p>Remove “{profile.name}” with its quotes, files and secret from this computer?</p>
      ) : (
        <p>
          The changes of “{profile.name}” not yet synced cannot be counted: its quotes on this
          computer cannot be read without its passphrase or its key (switch to it to unlock them and
          see). Removing it deletes its quotes, files and secret from this computer.
        </p>
      )}
      {note && <p className="muted">{note}</p>}
    </Dialog>
  );
}
