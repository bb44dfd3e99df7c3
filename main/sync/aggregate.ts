// The server's aggregate of one quote (quote, sections, access list), read fresh or kept up
// to date from the answers of our own calls, so the push needs no read-back of its own.
import { lineTotals, quoteTotals, type LineMoneyInput } from '../../common/money';
import type { LineItemResponse } from '../../common/api';
import type { RemoteAggregate } from '../store/types';
import { isGone } from './errors';
import type { SyncApi } from './ports';
import { itemKind } from './translate';

/** null when the quote is gone (deleted, or never visible to this partner). */
export async function readAggregate(
  api: SyncApi,
  serverId: string,
): Promise<RemoteAggregate | null> {
  // Three reads of one quote may run together: they change nothing.
  const settled = await Promise.allSettled([
    api.getQuote(serverId),
    api.getSections(serverId),
    api.getAccessList(serverId),
  ]);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    if (settled.some((s) => s.status === 'rejected' && isGone(s.reason))) return null;
    throw (failed as PromiseRejectedResult).reason;
  }
  const [q, s, a] = settled as [
    PromiseFulfilledResult<RemoteAggregate['quote']>,
    PromiseFulfilledResult<{ sections: RemoteAggregate['sections'] }>,
    PromiseFulfilledResult<{ accessList: RemoteAggregate['accessList'] }>,
  ];
  return { quote: q.value, sections: s.value.sections, accessList: a.value.accessList };
}

function moneyInput(li: LineItemResponse): LineMoneyInput {
  const kind = itemKind(li);
  return {
    kind,
    billingTerm: li.billingTerm,
    price: li.price.amount,
    unitCost: li.cost.amount,
    quantity: li.quantity,
    ...(kind === 'Custom' ? { initialTotal: li.totals.initialTotal.amount } : {}),
  };
}

/** Quote totals after line items changed, by the rules the server uses (common/money). */
export function refreshTotals(agg: RemoteAggregate): void {
  const currency = agg.quote.totals.initialTotal.currency;
  const items = agg.quote.lineItems;
  agg.quote.totals = quoteTotals(items.map(moneyInput), currency);
  void lineTotals;
}
