import type { QuoteSummary } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../bridge';
import { useNav } from '../state/nav';
import { useQuoteList } from '../state/quoteList';
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

/** Deletes at once and offers undo, instead of asking "are you sure?" first. */
export async function deleteQuote(
  q: Pick<QuoteSummary, 'id' | 'referenceCode' | 'client'>,
): Promise<boolean> {
  try {
    await ipc().call('quotes.delete', { quoteId: q.id });
    useQuoteList.getState().refresh();
    toast.info(`Deleted ${q.referenceCode ?? `the quote for ${q.client.name}`}`, {
      label: 'Undo',
      run: () => {
        ipc()
          .call('quotes.restore', { quoteId: q.id })
          .then(() => useQuoteList.getState().refresh())
          .catch((e: unknown) => toast.error(errorOf(e).message));
      },
    });
    return true;
  } catch (e) {
    toast.error(errorOf(e).message);
    return false;
  }
}
