import type { LineItemView } from '../../common/ipc/shapes';
import { Button, Dialog } from '../ui';

export interface AskMove {
  addOn: LineItemView;
  parent: LineItemView;
  parentSection: string;
  sectionId: string | null;
  index?: number;
}

/** Asks before an add-on is moved away from the section its parent product is in. */
export function MoveAddOnDialog({
  ask,
  to,
  onMove,
  onCancel,
}: {
  ask: AskMove;
  to: string;
  onMove: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title="Move the add-on away from its product?"
      open
      onClose={onCancel}
      // The safe answer first: Enter keeps the add-on with its product.
      initialFocus=".dialog-footer .btn"
      footer={
        <>
          <Button onClick={onCancel}>Keep it with {ask.parent.product.name}</Button>
          <Button variant="primary" onClick={onMove}>
            Move to {to}
          </Button>
        </>
      }
    >
      <p>
        {ask.addOn.product.name} is an add-on of {ask.parent.product.name}, which is in “
        {ask.parentSection}”. Moved to “{to}”, it is listed apart from the product it belongs to.
      </p>
    </Dialog>
  );
}
