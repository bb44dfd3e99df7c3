import type { CallName } from '../../common/ipc';
import type { Handler } from './dispatcher';

/** The handlers of one area, e.g. `Group<'quotes'>` = every `quotes.*` call. */
export type Group<P extends string> = {
  [N in CallName as N extends `${P}.${string}` ? N : never]: Handler<N>;
};
