// The calls that edit the open quote, and where each one's answer holds the quote: most answer
// the quote itself, a few answer it beside what the edit made (`{ quote, lineItemIds }`). The
// table is typed from the `calls` map, so a new edit call (or a changed answer) fails to compile
// here until it says where its quote is; the editor never looks at an answer to guess.
import type { CallName, IpcOutput } from '../../common/ipc/calls';
import { EDIT_CALL_NAMES, editCalls, type EditCallName } from '../../common/ipc/edit-calls';
import { QuoteDetail } from '../../common/ipc/shapes';

type AnswersQuote = {
  [N in CallName]: IpcOutput<N> extends QuoteDetail ? N : never;
}[CallName];
type AnswersBeside = {
  [N in CallName]: IpcOutput<N> extends { quote: QuoteDetail } ? N : never;
}[CallName];

/** A call whose answer carries the edited quote. */
export type EditCall = AnswersQuote | AnswersBeside;

const whole = (out: QuoteDetail) => out;
const beside = (out: { quote: QuoteDetail }) => out.quote;

/** The store's registered edits (common/ipc/edit-calls.ts): their schema says where the quote is. */
const registered = Object.fromEntries(
  EDIT_CALL_NAMES.map((n) => [n, editCalls[n].output === QuoteDetail ? whole : beside]),
) as unknown as { [N in EditCallName]: (out: IpcOutput<N>) => QuoteDetail };

export const quoteIn: { [N in EditCall]: (out: IpcOutput<N>) => QuoteDetail } = {
  ...registered,
  'quotes.get': whole,
  'quotes.create': whole,
  'quotes.duplicate': whole,
  'quotes.restore': whole,
  'quotes.setStatus': whole,
  'quotes.publish': whole,
  'sync.resolve': whole,
  'desk.respond': beside,
  'desk.decide': beside,
  'followUps.extendExpiry': whole,
  'edits.undo': whole,
  'edits.redo': whole,
};
