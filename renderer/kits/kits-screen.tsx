// The Kits screen: this connection's kits (groups of line items kept on this computer, never
// sent to the server) — renamed, deleted, exported to a file and imported from one, so
// colleagues can share them. Kits are made in the editor ("Save as kit…") and used there
// ("Add kit…").
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KitSummary } from '../../common/ipc/kits';
import { bridgeKind, errorOf, ipc } from '../ipc';
import { formatDate, formatUnit } from '../format';
import { Button, Dialog, TextField } from '../ui';
import { toast } from '../ui/toast';
import { exportKit, importKit, importKitWithDialog } from './kit-file';
import './kits.css';

// long: the kit list with its rename, delete, import and export actions over the same kits
export default function KitsScreen() {
  const [kits, setKits] = useState<KitSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{
    kit: KitSummary;
    name: string;
    error?: string;
  } | null>(null);
  const [deleting, setDeleting] = useState<KitSummary | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const load = useCallback(async () => {
    try {
      setKits((await ipc().call('kits.list')).kits);
      setError(null);
    } catch (e) {
      setError(errorOf(e).message);
    }
  }, []);
  useEffect(() => {
    // load() sets state only after its call answers, not synchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const imported = async (kit: KitSummary) => {
    setImportError(null);
    toast.success(`Imported kit “${kit.name}” with ${kit.itemCount} items.`);
    await load();
  };

  const pick = async () => {
    try {
      const r = await importKitWithDialog();
      if (r === 'page') fileInput.current?.click();
      else if (r) await imported(r);
    } catch (e) {
      setImportError(errorOf(e).message);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await imported(await importKit(file));
    } catch (e) {
      setImportError(`${file.name}: ${errorOf(e).message}`);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const rename = async () => {
    if (!renaming) return;
    const name = renaming.name.trim();
    if (!name) return setRenaming({ ...renaming, error: 'Kit name is required' });
    try {
      await ipc().call('kits.rename', { kitId: renaming.kit.id, name });
      setRenaming(null);
      await load();
    } catch (e) {
      setRenaming({ ...renaming, error: errorOf(e).message });
    }
  };

  const remove = async (kit: KitSummary) => {
    try {
      await ipc().call('kits.delete', { kitId: kit.id });
      setDeleting(null);
      toast.info(`Deleted kit “${kit.name}”.`);
      await load();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const save = async (kit: KitSummary) => {
    try {
      const where = await exportKit(kit);
      if (where) toast.success(`Exported “${kit.name}” to ${where}.`);
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const list = kits ?? [];
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Kits</h1>
        <span className="muted">
          {list.length} {list.length === 1 ? 'kit' : 'kits'}
        </span>
        <Button variant="primary" onClick={() => void pick()}>
          Import kit…
        </Button>
        <label htmlFor={inputId} className="sr-only">
          Kit file to import
        </label>
        <input
          id={inputId}
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </div>
      <p className="muted">
        Groups of line items to add to a quote in one step. Select items in a quote and choose “Save
        as kit…”; add one with “Add kit…”. Kits stay on this computer for this connection and work
        offline; share one with a colleague as a file.
      </p>
      {importError && (
        <p className="field-error" role="alert">
          {importError}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <section className="card card-pad">
        {kits === null && !error && <p className="muted">Loading…</p>}
        {kits?.length === 0 && (
          <p className="muted">No kits yet. Save one from a quote, or import a kit file.</p>
        )}
        <ul className="plain-list kit-rows" aria-label="Kits">
          {list.map((k) => (
            <li key={k.id} aria-label={k.name}>
              <div className="kit-body">
                <h2 className="kit-name">{k.name}</h2>
                <div className="item-meta">
                  {k.itemCount} {k.itemCount === 1 ? 'item' : 'items'}
                  {k.sections.length > 0 &&
                    ` · ${k.sections.length === 1 ? 'section' : 'sections'} ${k.sections.join(', ')}`}{' '}
                  · saved {formatDate(k.createdOn)}
                  {k.updatedOn !== k.createdOn && ` · changed ${formatDate(k.updatedOn)}`}
                </div>
                <ul className="kit-items" aria-label={`Items in ${k.name}`}>
                  {k.items.map((i, n) => (
                    <li key={n} className={i.addOnOf ? 'kit-addon' : undefined}>
                      <span className="kit-item-name">{i.name}</span>{' '}
                      <span className="muted">
                        {i.quantity} × {formatUnit(i.price, k.currency)} · {i.billingTerm}
                        {i.addOnOf && ` · add-on of ${i.addOnOf}`}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="kit-actions">
                <Button
                  size="sm"
                  onClick={() => setRenaming({ kit: k, name: k.name })}
                  aria-label={`Rename ${k.name}`}
                >
                  Rename
                </Button>
                <Button size="sm" onClick={() => void save(k)} aria-label={`Export ${k.name}`}>
                  {bridgeKind() === 'preload' ? 'Export…' : 'Export'}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setDeleting(k)}
                  aria-label={`Delete ${k.name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {renaming && (
        <Dialog
          title={`Rename kit “${renaming.kit.name}”`}
          open
          onClose={() => setRenaming(null)}
          footer={
            <>
              <Button onClick={() => setRenaming(null)}>Cancel</Button>
              <Button variant="primary" type="submit" form="rename-kit-form">
                Rename
              </Button>
            </>
          }
        >
          <form
            id="rename-kit-form"
            onSubmit={(e) => {
              e.preventDefault();
              void rename();
            }}
          >
            <TextField
              label="Kit name"
              autoFocus
              value={renaming.name}
              maxLength={100}
              error={renaming.error}
              onChange={(e) => setRenaming({ ...renaming, name: e.target.value, error: undefined })}
            />
          </form>
        </Dialog>
      )}
      {deleting && (
        <Dialog
          title={`Delete kit “${deleting.name}”?`}
          open
          onClose={() => setDeleting(null)}
          initialFocus=".dialog-footer .btn"
          footer={
            <>
              <Button onClick={() => setDeleting(null)}>Keep it</Button>
              <Button variant="danger" onClick={() => void remove(deleting)}>
                Delete kit
              </Button>
            </>
          }
        >
          <p>
            The kit goes from this computer. Quotes it was added to keep their items. Export it
            first to keep a copy.
          </p>
        </Dialog>
      )}
    </div>
  );
}
