// The service of every edit call of the registry (common/ipc/edit-calls.ts, rows in
// main/store/edits/registry.ts): the store applies the row, the answer is the quote. Nothing
// to write here for a new edit.
import type { IpcOutput } from '../../common/ipc/calls';
import { EDIT_CALL_NAMES, type EditCallName } from '../../common/ipc/edit-calls';
import { EDITS, type EditRow } from '../store/edits/registry';
import type { ServiceContext } from './context';
import type { Handler } from './dispatcher';
import { detail } from './quotes';

export type EditHandlers = { [N in EditCallName]: Handler<N> };

export function editHandlers(ctx: ServiceContext): EditHandlers {
  const handler =
    <N extends EditCallName>(name: N): Handler<N> =>
    (input) => {
      const result = ctx.store().applyEdit(name, input);
      const quote = detail(ctx, input.quoteId);
      // The quote, or the quote beside what the edit made (the row says which).
      const row = EDITS[name] as EditRow<unknown>;
      return (row.answer ? { quote, ...row.answer(result as never) } : quote) as IpcOutput<N>;
    };
  return Object.fromEntries(EDIT_CALL_NAMES.map((n) => [n, handler(n)])) as EditHandlers;
}
