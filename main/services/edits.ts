// The service of every edit call of the registry (common/ipc/edit-calls.ts, rows in
// main/store/edits/registry.ts): the store applies the row, the answer is the quote. Nothing
// to write here for a new edit.
import type { IpcOutput } from '../../common/ipc/calls';
import { EDIT_CALL_NAMES, type EditCallName } from '../../common/ipc/edit-calls';
import type { ServiceContext } from './context';
import type { Handler } from './dispatcher';
import { detail } from './quotes';

export type EditHandlers = { [N in EditCallName]: Handler<N> };

export function editHandlers(ctx: ServiceContext): EditHandlers {
  const handler =
    <N extends EditCallName>(name: N): Handler<N> =>
    (input) => {
      ctx.store().applyEdit(name, input);
      // Every edit call answers the quote (edit-calls.ts).
      return detail(ctx, input.quoteId) as IpcOutput<N>;
    };
  return Object.fromEntries(EDIT_CALL_NAMES.map((n) => [n, handler(n)])) as EditHandlers;
}
