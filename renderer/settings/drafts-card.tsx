import { useRef, useState } from 'react';
import type { ProfileView } from '../../common/ipc/shapes';
import { bridgeKind, errorOf } from '../ipc';
import { Button } from '../ui';
import { exportDrafts, importDraftsChosenInMain, importDraftsFile } from './drafts-transfer';

/** The readable-file warning, said wherever a drafts file is written. */
export const DRAFTS_FILE_WARNING =
  'The file is not encrypted: it holds your clients’ names and prices in readable form. Keep it somewhere safe.';

/**
 * Settings → Drafts on this computer, for the connection in use: export what is not yet
 * synced to a file, or import a file exported before (checked: same partner, not damaged).
 */
export function DraftsCard({ active }: { active: ProfileView | null }) {
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  if (!active) return null;

  const run = async (fn: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const text = await fn();
      if (text) setNote({ ok: true, text });
    } catch (e) {
      setNote({ ok: false, text: errorOf(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card card-pad stack" aria-labelledby="drafts-h">
      <h2 id="drafts-h" style={{ margin: 0 }}>
        Drafts on this computer
      </h2>
      <p className="muted">
        Save the changes of “{active.name}” that are not yet synced to one file, or put back the
        drafts of a file exported before (from a connection to the same partner).{' '}
        {DRAFTS_FILE_WARNING}
      </p>
      <div className="row">
        <Button disabled={busy} onClick={() => void run(() => exportDrafts(active.name))}>
          Export unsynced drafts…
        </Button>
        <Button
          disabled={busy}
          onClick={() =>
            bridgeKind() === 'preload'
              ? void run(importDraftsChosenInMain)
              : picker.current?.click()
          }
        >
          Import drafts…
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Drafts file to import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(() => importDraftsFile(file));
          }}
        />
      </div>
      {note && (
        <p className={note.ok ? 'field-hint' : 'field-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
    </section>
  );
}

/** "Export unsynced drafts…" on its own (the remove-connection dialog): says the outcome. */
export function ExportDraftsButton({
  profileName,
  onDone,
}: {
  profileName: string;
  onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const said = await exportDrafts(profileName);
      if (said) onDone(said);
    } catch (e) {
      onDone(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button disabled={busy} onClick={() => void go()}>
      Export unsynced drafts…
    </Button>
  );
}
