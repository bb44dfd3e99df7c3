// The closed lists every layer dispatches on, each stated once: a fourth line-item kind or
// another header text field is added here, and the compiler finds every place that handles
// them (each dispatch is a `switch` ending in `unhandled`).
import { LineItemKind } from './enums';
import type { LineItemResponse } from './resources';

export { unhandled } from './unhandled';

/** Every line-item kind, in the order the UI offers them. */
export const LINE_ITEM_KINDS = LineItemKind.options;

/**
 * The kind of a line item the server answered: a Custom product is Custom whatever else it
 * carries; usage-based pricing makes a catalogue product UsageBased; else Standard.
 */
export function lineItemKindOf(li: Pick<LineItemResponse, 'product' | 'usageBased'>): LineItemKind {
  if (li.product.type === 'Custom') return 'Custom';
  if (li.usageBased) return 'UsageBased';
  return 'Standard';
}

/** The quote header's fields the salesperson types (the header form; content edits). */
export const HEADER_TEXT_FIELDS = ['expiresOn', 'introMessage', 'termsAndDisclaimers'] as const;
export type HeaderTextField = (typeof HEADER_TEXT_FIELDS)[number];
