// "Add kit": pick one of this connection's kits; before anything is added the dialog says
// whether it fits (a quote holds 30 line items at most), which catalogue prices changed since
// the kit was saved (those items take today's) and which sections it makes. Added in one
// step, undone in one.
import { useEffect, useState } from 'react';
import type { KitPreview, KitSummary } from '../../common/ipc/kits';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatUnit } from '../format';
import { useEditor } from '../state/editor';
import { useNav } from '../state/nav';
import { undo } from '../state/undo';
import { Button, Dialog } from '../ui';
import { toast } from '../ui/toast';

const ERROR_KEY = 'kits:add';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

// long: the kit list, the chosen kit's preview and the add call share the chosen kit
export function AddKitDialog({ detail, onClose }: { detail: QuoteDetail; onClose: () => void }) {
  const quoteId = detail.header.id;
  const [kits, setKits] = useState<KitSummary[] | null>(null);
  const [kitId, setKitId] = useState<string | null>(null);
  const [preview, setPreview] = useState<KitPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const addError = useEditor((s) => s.errors[ERROR_KEY]);

  useEffect(() => {
    let live = true;
    ipc()
      .call('kits.list')
      .then((r) => live && setKits(r.kits))
      .catch((e: unknown) => live && setLoadError(errorOf(e).message));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!kitId) return;
    let live = true;
    useEditor.getState().setError(ERROR_KEY, null);
    ipc()
      .call('kits.preview', { kitId, quoteId })
      .then((p) => live && setPreview(p))
      .catch((e: unknown) => live && setLoadError(errorOf(e).message));
    return () => {
      live = false;
    };
  }, [kitId, quoteId]);

  const shown = preview && preview.kitId === kitId ? preview : null;

  const add = async () => {
    if (!shown || shown.problem) return;
    setBusy(true);
    try {
      const r = await useEditor
        .getState()
        .run('kits.insert', { kitId: shown.kitId, quoteId }, ERROR_KEY);
      if (!r) return;
      onClose();
      const changed = r.priceChanges.length;
      toast.info(
        `Added kit “${shown.name}”: ${plural(r.lineItemIds.length, 'item')}${changed ? `, ${changed} at today’s price` : ''}.`,
        { label: 'Undo', run: () => void undo() },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Add kit"
      open
      wide
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            onClick={() => void add()}
            disabled={!shown || !!shown.problem || busy}
          >
            {shown ? `Add ${plural(shown.itemCount, 'item')}` : 'Add kit'}
          </Button>
        </>
      }
    >
      {loadError && (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      )}
      {kits === null && !loadError && <p className="muted">Loading kits…</p>}
      {kits?.length === 0 && (
        <p className="muted">
          No kits yet. Select line items of a quote and choose “Save as kit…”, or import a kit file
          on the{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onClose();
              useNav.getState().go({ screen: 'kits' });
            }}
          >
            Kits screen
          </button>
          .
        </p>
      )}
      {kits && kits.length > 0 && (
        <fieldset className="kit-choices">
          <legend>Kit</legend>
          {kits.map((k) => (
            <label key={k.id} className="kit-choice">
              <input
                type="radio"
                name="kit"
                value={k.id}
                checked={kitId === k.id}
                onChange={() => setKitId(k.id)}
              />
              <span>
                <span className="kit-item-name">{k.name}</span>{' '}
                <span className="muted">
                  {plural(k.itemCount, 'item')}: {k.items.map((i) => i.name).join(', ')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {shown && <PreviewText preview={shown} currency={detail.currency} />}
      {addError && (
        <p className="field-error" role="alert">
          {addError}
        </p>
      )}
    </Dialog>
  );
}

function PreviewText({ preview, currency }: { preview: KitPreview; currency: string }) {
  if (preview.problem) {
    return (
      <p className="kit-problem" role="alert">
        {preview.problem}
      </p>
    );
  }
  return (
    <div className="kit-preview" aria-live="polite">
      <p>
        Adds {plural(preview.itemCount, 'line item')} ({preview.room - preview.itemCount} more would
        still fit).
        {preview.newSections.length > 0 &&
          ` Makes ${preview.newSections.length === 1 ? 'the section' : 'the sections'} ${preview.newSections.map((s) => `“${s}”`).join(', ')}.`}
      </p>
      {preview.priceChanges.length > 0 && (
        <>
          <p>Catalogue prices changed since the kit was saved; these items take today’s price:</p>
          <ul aria-label="Prices changed since the kit was saved">
            {preview.priceChanges.map((c) => (
              <li key={`${c.productName}-${c.billingTerm}`}>
                {c.productName} ({c.billingTerm}): {formatUnit(c.was, currency)} →{' '}
                {formatUnit(c.now, currency)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
