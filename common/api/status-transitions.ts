import type { QuoteStatus } from './enums';

/**
 * Status changes `PUT /v2/quotes/{id}` allows (docs/architecture.md#statuses-and-transitions). `sent → expired` is done
 * by the server itself when an expired quote is read, never by a client.
 */
export const STATUS_TRANSITIONS: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  draft: ['sent', 'closed'],
  assigned: ['sent', 'draft'],
  changes_requested: ['sent', 'draft'],
  pending: ['draft', 'closed'],
  expired: ['draft'],
  sent: ['draft', 'accepted', 'declined', 'changes_requested', 'closed'],
  accepted: [],
  declined: [],
  closed: [],
};

export function canTransition(from: QuoteStatus, to: QuoteStatus): boolean {
  return from === to || STATUS_TRANSITIONS[from].includes(to);
}
