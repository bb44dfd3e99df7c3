// The managed configuration an organisation's IT ships with the app (a JSON file in a system
// location, or the Windows registry): preset connections, the demo connection, updates, the
// offline-preview disk budget and the local data protection. Every key is optional; what a
// policy sets is locked in Settings and in the services. Unknown keys are refused, so a typo
// in an admin's file is named instead of silently doing nothing.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

const httpsUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      return new URL(s).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an https:// address')
  .transform((s) => s.replace(/\/+$/, ''));

/** One preset connection: the shape admins write (key names are part of the contract). */
export const PolicyConnection = z.strictObject({
  name: text(100),
  baseUrl: httpsUrl,
  audience: text(500),
  clientId: text(200),
  /** PEM file of the organisation's CA, an absolute path on the laptop. */
  caFile: text(1000)
    .refine((p) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(p), 'must be an absolute path')
    .optional(),
});
export type PolicyConnection = z.infer<typeof PolicyConnection>;

export const UpdateChannel = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a channel name such as latest or beta');

export const PolicyUpdates = z.strictObject({
  /** false: the app never asks for updates (IT ships new versions itself). */
  enabled: z.boolean().optional(),
  /** The generic HTTPS feed holding latest-linux.yml / latest.yml / latest-mac.yml. */
  feedUrl: httpsUrl.optional(),
  /** The channel to follow (`latest`, `beta`, …): its `<channel>-linux.yml` is read. */
  channel: UpdateChannel.optional(),
});
export type PolicyUpdates = z.infer<typeof PolicyUpdates>;

export const DataProtection = z.enum(['keychain', 'passphrase', 'none']);
export type DataProtection = z.infer<typeof DataProtection>;

export const Policy = z
  .strictObject({
    connections: z
      .array(PolicyConnection)
      .max(50, 'at most 50 connections')
      .refine(
        (cs) => new Set(cs.map((c) => c.name.toLowerCase())).size === cs.length,
        'two connections have the same name',
      )
      .optional(),
    /** false: no embedded demo connection on this laptop. */
    demoConnection: z.boolean().optional(),
    updates: PolicyUpdates.optional(),
    /** Disk the attachments kept for offline preview may take, per connection, in MiB. */
    offlinePreviewBudgetMiB: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1_048_576, 'must be at most 1048576 (1 TiB)')
      .optional(),
    /** How the local store is protected: a key in the OS keychain, a passphrase, or not. */
    dataProtection: DataProtection.optional(),
  })
  .describe('Quotedesk policy');
export type Policy = z.infer<typeof Policy>;

export interface PolicyProblem {
  /** Dotted path of the field at fault (`connections.0.baseUrl`), or `(file)`. */
  field: string;
  message: string;
}

/** Validates parsed JSON (or registry values) as a policy; problems name each field. */
export function parsePolicy(
  raw: unknown,
): { ok: true; policy: Policy } | { ok: false; problems: PolicyProblem[] } {
  const r = Policy.safeParse(raw);
  if (r.success) return { ok: true, policy: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => {
      const base = i.path.map(String).join('.');
      // An unknown key: name it, so the admin finds the typo.
      const keys = i.code === 'unrecognized_keys' ? i.keys : [];
      const field = keys.length ? [base, keys[0]].filter(Boolean).join('.') : base || '(file)';
      return { field, message: keys.length ? 'is not a policy key' : i.message };
    }),
  };
}
