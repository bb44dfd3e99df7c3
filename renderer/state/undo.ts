import { errorOf, ipc } from '../ipc';
import { useEditor } from './editor';
import { toast } from '../ui/toast';

export async function undo(): Promise<void> {
  const { quoteId, detail, apply } = useEditor.getState();
  if (!quoteId || !detail?.canUndo) return;
  try {
    useEditor.setState({ drafts: {}, errors: {} });
    apply(await ipc().call('edits.undo', { quoteId }));
  } catch (e) {
    toast.error(errorOf(e).message);
  }
}

export async function redo(): Promise<void> {
  const { quoteId, detail, apply } = useEditor.getState();
  if (!quoteId || !detail?.canRedo) return;
  try {
    useEditor.setState({ drafts: {}, errors: {} });
    apply(await ipc().call('edits.redo', { quoteId }));
  } catch (e) {
    toast.error(errorOf(e).message);
  }
}
