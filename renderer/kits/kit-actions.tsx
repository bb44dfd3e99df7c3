// The editor's kit buttons beside "Add item": save the selected line items as a kit, add a kit.
import { lazy, Suspense, useState } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { Button } from '../ui';
import { useSelection } from './selection';
import './kits.css';

const SaveKitDialog = lazy(() =>
  import('./save-kit-dialog').then((m) => ({ default: m.SaveKitDialog })),
);
const AddKitDialog = lazy(() =>
  import('./add-kit-dialog').then((m) => ({ default: m.AddKitDialog })),
);

export function KitActions({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const [open, setOpen] = useState<null | 'save' | 'add'>(null);
  // Only ids still on the quote count (an item deleted after it was ticked is not saved).
  const selected = useSelection((s) => (s.quoteId === quoteId ? s.ids : null));
  const ids = selected ? detail.lineItems.filter((i) => selected.has(i.id)).map((i) => i.id) : [];
  return (
    <>
      <Button onClick={() => setOpen('save')} disabled={ids.length === 0}>
        {ids.length
          ? `Save ${ids.length} ${ids.length === 1 ? 'item' : 'items'} as kit…`
          : 'Save as kit…'}
      </Button>
      <Button onClick={() => setOpen('add')} disabled={!detail.editable}>
        Add kit…
      </Button>
      <Suspense fallback={null}>
        {open === 'save' && (
          <SaveKitDialog detail={detail} selected={ids} onClose={() => setOpen(null)} />
        )}
        {open === 'add' && <AddKitDialog detail={detail} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
