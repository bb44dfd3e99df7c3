// Events main pushes to the UI. Small payloads: the UI re-reads what it shows, unless the
// payload is the change itself (a quote's sync state).
import { z } from 'zod';
import { AppCommand, Id, ProfileView, QuoteSyncInfo, StoreHealth, SyncStatus } from './shapes';
import { UpdateState } from './managed';

export const events = {
  /** A quote changed locally (edit, undo) or by sync; `deleted` when it is gone. */
  'quote.changed': z.object({
    quoteId: Id,
    /** What changed: `header`, `lineItems`, `sections`, `accessList`, `attachments`, `status`… */
    what: z.array(z.string()),
    /**
     * A local edit's generation: the edit's own answer already carried the quote at it, so a
     * UI holding that answer reads nothing more. Absent: read the quote again.
     */
    generation: z.number().int().optional(),
    deleted: z.boolean().optional(),
    /** `local` for the user's own edits, `sync` when the server's state came in. */
    source: z.enum(['local', 'sync']),
  }),
  /** Many quotes changed at once (a pull): re-query the list. */
  'quotes.changed': z.object({ count: z.number().int() }),
  'sync.state': SyncStatus,
  'sync.progress': z.object({
    done: z.number().int(),
    total: z.number().int(),
    quoteId: Id.optional(),
    step: z.string().optional(),
  }),
  /**
   * A quote's sync state moved, said once by its one writer (the store's transition), with the
   * state itself: the UI shows it as given and reads nothing.
   */
  'sync.quoteState': z.object({ quoteId: Id, sync: QuoteSyncInfo }),
  'profile.changed': z.object({ active: ProfileView.nullable() }),
  /** The embedded demo server: `restarting` after it ended on its own, `running` once back. */
  'embedded.state': z.object({
    state: z.enum(['running', 'restarting']),
    message: z.string(),
  }),
  /** The local store found its file damaged, ran out of disk space, or got over it. */
  'store.health': StoreHealth,
  /** Updates: found, downloading, ready to install ("Restart to update"), or failed. */
  'update.state': UpdateState,
  /**
   * Something went wrong inside the app and it kept running (said once per kind of fault), or
   * it is restarting its core after the same fault again and again (docs/architecture.md#faults).
   */
  'app.fault': z.object({ message: z.string(), restarting: z.boolean() }),
  /** A menu item or shortcut of the desktop shell. */
  'app.command': z.object({ command: AppCommand }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type IpcEvent<E extends EventName> = z.output<Events[E]>;
export const eventNames = Object.keys(events) as EventName[];

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
}
