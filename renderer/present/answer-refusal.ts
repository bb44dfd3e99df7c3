// Why the client cannot answer at the desk, in words, before they fill anything in. The answer
// goes out the only way the API allows (docs/architecture.md#statuses-and-transitions): the
// signed proposal attached while the quote is editable, then sent, then the answer. From any
// other status that path cannot go, so the screen says why up front rather than taking a
// signature whose status change could never reach the server (main refuses it too:
// assertCanAnswer in main/store/quote/edits/desk.ts).
import { EDITABLE_STATUSES, type QuoteStatus } from '../../common/api';
import { formatDate } from '../format';

const WHY: Partial<Record<QuoteStatus, string>> = {
  accepted: 'This proposal is already accepted: it cannot take another answer.',
  declined: 'This proposal was declined: it cannot take another answer.',
  closed: 'This proposal is closed: it can no longer be accepted, declined or changed.',
  sent:
    'This proposal is already published to the client. An answer with the signed proposal ' +
    'attached can be taken here only on a quote not yet published: move it back to draft ' +
    'in the editor first.',
  expired:
    'This proposal has expired: move it back to draft and extend its validity in the editor ' +
    'before the client answers.',
  pending:
    'This proposal is pending with the partner platform: it can take an answer here once it ' +
    'is a draft again.',
};

/**
 * Null when the quote can take the client's answer; otherwise why not. A proposal whose
 * validity has run out is an offer that no longer stands: the salesperson extends it first
 * (main refuses it too).
 */
export function answerRefusal(
  status: QuoteStatus,
  expiresOn: string,
  now: Date = new Date(),
): string | null {
  if (!EDITABLE_STATUSES.includes(status)) {
    return WHY[status] ?? `This proposal is ${status.replace('_', ' ')}: it cannot take an answer.`;
  }
  const ends = Date.parse(expiresOn);
  if (Number.isFinite(ends) && ends < now.getTime()) {
    return (
      `This proposal was valid until ${formatDate(expiresOn)}: extend its validity in the ` +
      'editor before the client answers.'
    );
  }
  return null;
}
