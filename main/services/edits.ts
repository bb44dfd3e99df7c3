// The service of every edit call of the registry (common/ipc/edit-calls.ts, rows in
// main/store/quote/edits/registry.ts): its step before the edit when it has one (waiting for the
// catalogue, a check in the words the UI shows, the files it reads), then the store applies
// the row, and the answer is the quote (or the quote beside what the edit made). A new edit
// needs nothing here unless it brings something the store cannot reach (registry `Brought`).
import type { IpcOutput } from '../../common/ipc/calls';
import { EDIT_CALL_NAMES, type EditCallName } from '../../common/ipc/edit-calls';
import { EDITS, type ApplyOptions, type EditRow } from '../store';
import { assertNotLocked } from './accepted-lock';
import type { ServiceContext } from './context';
import type { Handler } from './dispatcher';
import type { EditStep, EditSteps } from './edit-steps';
import { detail } from './quotes';

export type EditHandlers = { [N in EditCallName]: Handler<N> };

export function editHandlers(ctx: ServiceContext, steps: EditSteps): EditHandlers {
  const handler =
    <N extends EditCallName>(name: N): Handler<N> =>
    async (input, call) => {
      // Before its step: nothing is read, made or written for an edit the lock refuses.
      assertNotLocked(ctx, input.quoteId);
      const step = steps[name] as EditStep<N, unknown> | undefined;
      const brought = step ? await step(input, call) : undefined;
      const result = ctx.store().applyEdit(name, input, { brought } as ApplyOptions<N>);
      const quote = detail(ctx, input.quoteId, true);
      // The quote, or the quote beside what the edit made (the row says which).
      const row = EDITS[name] as EditRow<unknown, unknown>;
      return (row.answer ? { quote, ...row.answer(result as never) } : quote) as IpcOutput<N>;
    };
  return Object.fromEntries(EDIT_CALL_NAMES.map((n) => [n, handler(n)])) as EditHandlers;
}
