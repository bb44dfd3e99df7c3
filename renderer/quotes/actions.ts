import type { QuoteSummary } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quote-list';
import { toast } from '../ui/toast';

export async function duplicateQuote(quoteId: string): Promise<void> {
  try {
    const copy = await ipc().call('quotes.duplicate', { quoteId });
    useQuoteList.getState().refresh();
    toast.info(`Duplicated as a new draft for ${copy.header.client.name}`, {
      label: 'Open',
      run: () => useNav.getState().go({ screen: 'quote', quoteId: copy.header.id }),
    });
  } catch (e) {
    toast.error(errorOf(e).message);
  }
}

const UNDO_KEY =
  typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘Z' : 'Ctrl+Z';

/** Deletes at once and offers undo, instead of asking "are you sure?" first. */
export async function deleteQuote(
  q: Pick<QuoteSummary, 'id' | 'referenceCode' | 'client'>,
): Promise<boolean> {
  try {
    await ipc().call('quotes.delete', { quoteId: q.id });
    useQuoteList.getState().refresh();
    // Undo is one key away (Ctrl+Z on the list), and the notice says so: it is announced.
    toast.info(
      `Deleted ${q.referenceCode ?? `the quote for ${q.client.name}`} · ${UNDO_KEY} undoes`,
      {
        label: 'Undo',
        run: () => void restoreQuote(q),
        shortcut: 'Control+Z',
      },
    );
    return true;
  } catch (e) {
    toast.error(errorOf(e).message);
    return false;
  }
}

/**
 * Undo of a delete. Within the undo window the delete has not left this computer and the same
 * quote comes back; later, the server has deleted it and the restore is a new quote, with a
 * new reference code: the notice says so, naming the new code once the server has given it.
 */
async function restoreQuote(q: Pick<QuoteSummary, 'id' | 'referenceCode' | 'client'>) {
  try {
    const back = await ipc().call('quotes.restore', { quoteId: q.id });
    useQuoteList.getState().refresh();
    if (back.header.id === q.id || !q.referenceCode) {
      toast.success(`Restored ${q.referenceCode ?? `the quote for ${q.client.name}`}`);
      return;
    }
    const open = {
      label: 'Open',
      run: () => useNav.getState().go({ screen: 'quote', quoteId: back.header.id }),
    };
    await ipc().call('sync.runNow', { quoteId: back.header.id });
    for (let i = 0; i < 40; i++) {
      const d = await ipc().call('quotes.get', { quoteId: back.header.id });
      if (d.header.referenceCode) {
        useQuoteList.getState().refresh();
        toast.info(
          `${q.referenceCode} was already deleted on the server: restored as ${d.header.referenceCode}`,
          open,
        );
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    toast.info(
      `${q.referenceCode} was already deleted on the server: restored as a new quote, which gets its reference code when it syncs`,
      open,
    );
  } catch (e) {
    toast.error(errorOf(e).message);
  }
}
