import type { LineItemResponse } from '../../common/api';
import {
  centsToTotals,
  lineMoneyInput,
  type LineMoneyInput,
  type TotalsCents,
} from '../../common/money';
import type { LineItemRow } from './rows';

/** A row as `common/money` reads it (the mapping is common/money's). */
export function lineMoney(row: LineItemRow): LineMoneyInput {
  const { billing_term: billingTerm, initial_total: initialTotal } = row;
  return lineMoneyInput({ ...row, billingTerm, initialTotal });
}

export function lineItemResponse(row: LineItemRow, currency: string): LineItemResponse {
  const totals = JSON.parse(row.totals_json) as TotalsCents;
  const relationship = {
    ...(row.required_line_item_id ? { requiredLineItemId: row.required_line_item_id } : {}),
    ...(row.required_subscription_id
      ? { requiredSubscriptionId: row.required_subscription_id }
      : {}),
  };
  return {
    id: row.id,
    billingTerm: row.billing_term as LineItemResponse['billingTerm'],
    cost: { amount: row.cost, currency },
    price: { amount: row.price, currency },
    effectiveDate: row.effective_date,
    note: row.note,
    product: {
      id: row.product_id ?? row.id,
      name: row.product_name,
      sku: row.product_sku,
      isMspOnly: row.is_msp_only === 1,
      type: row.product_type as LineItemResponse['product']['type'],
    },
    quantity: row.quantity,
    totals: centsToTotals(totals, currency),
    ...(row.commitment_term_id
      ? { commitmentTerm: { id: row.commitment_term_id, term: row.commitment_term ?? '' } }
      : {}),
    ...(Object.keys(relationship).length > 0 ? { relationship } : {}),
    ...(row.subscription_id ? { subscriptionId: row.subscription_id } : {}),
    ...(row.usage_type
      ? {
          usageBased: {
            type: row.usage_type as 'PRICE_FLAT' | 'PRICE_VARIES' | 'QTY_VARIES',
            displayNote: row.usage_display_note === 1,
          },
        }
      : {}),
  };
}
