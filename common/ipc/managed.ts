// What the UI is told about the organisation's policy and about updates: the locks it shows
// ("Set by your organisation") and the "Restart to update" offer.
import { z } from 'zod';
import { Policy } from '../policy';

export const PolicyStatus = z.object({
  /** `none`: no policy on this computer; `applied`: in force; `ignored`: broken, not applied. */
  status: z.enum(['none', 'applied', 'ignored']),
  /** The file or registry key it was read from. */
  source: z.string().nullable(),
  /** What is in force (empty unless `applied`); every key present is locked. */
  policy: Policy,
  /** Why an ignored policy was ignored, per field (`connections.0.baseUrl`). */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type PolicyStatus = z.infer<typeof PolicyStatus>;

export const UpdateState = z.object({
  /**
   * `off`: not checking (policy, or not an installed build); `idle`: up to date or waiting for
   * the next check; `downloading`; `ready`: downloaded and verified, offered as "Restart to
   * update"; `failed`: the last attempt failed (said once), tried again later.
   */
  state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'failed']),
  /** The version found (downloading / ready). */
  version: z.string().optional(),
  /** A calm sentence for the status bar. */
  message: z.string().optional(),
  /** The channel followed. */
  channel: z.string().optional(),
});
export type UpdateState = z.infer<typeof UpdateState>;
