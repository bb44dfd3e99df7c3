// The line-item calls of a quote: add, update, delete (one or many).
import {
  LineItemList,
  type AddLineItemsPayload,
  type UpdateLineItemsPayload,
} from '../../common/api';
import { Q } from './quote-calls';
import type { CallOptions } from './transport';
import type { Caller } from './caller';

export function lineItemCalls({ call }: Caller) {
  return {
    addLineItems: (quoteId: string, items: AddLineItemsPayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${Q}/line-items`,
          params: { quoteId },
          body: items,
          response: LineItemList,
        },
        o,
      ),
    updateLineItems: (quoteId: string, items: UpdateLineItemsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: `${Q}/line-items`,
          params: { quoteId },
          body: items,
          response: LineItemList,
        },
        o,
      ),
    bulkDeleteLineItems: (quoteId: string, lineItemIds: string[], o?: CallOptions) =>
      call<void>(
        {
          method: 'POST',
          route: `${Q}/line-items/bulk-delete`,
          params: { quoteId },
          body: { lineItemIds },
        },
        o,
      ),
    deleteLineItem: (quoteId: string, lineItemId: string, o?: CallOptions) =>
      call<void>(
        {
          method: 'DELETE',
          route: `${Q}/line-items/{lineItemId}`,
          params: { quoteId, lineItemId },
        },
        o,
      ),
  };
}
