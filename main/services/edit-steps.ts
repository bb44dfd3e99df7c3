// What a registered edit's service does before the store applies its row: wait for the
// catalogue, check in the words the dialog shows, or bring what the store cannot reach itself
// (files read from the user's disk, the proposal PDF: the registry's `Brought`).
import type { IpcParsedInput } from '../../common/ipc/calls';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { Brought } from '../store';
import type { CallContext } from './dispatcher';

export type EditStep<N extends EditCallName, T> = (
  input: IpcParsedInput<N>,
  call: CallContext,
) => Promise<T> | T;

/**
 * The steps before an edit, per call: required for the edits that bring something to the
 * store, optional (checks, waits) for the others.
 */
export type EditSteps = { [N in keyof Brought]: EditStep<N, Brought[N]> } & {
  [N in Exclude<EditCallName, keyof Brought>]?: EditStep<N, void>;
};
