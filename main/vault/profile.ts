// A connection profile: everything needed to reach one Quoting API except the secret,
// which never leaves the keychain (or memory, when there is no keychain).
import { z } from 'zod';

const trimmed = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const ProfileId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, dashes or underscores');

const HttpsUrl = z
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

export const Profile = z.object({
  id: ProfileId,
  displayName: trimmed(100),
  baseUrl: HttpsUrl,
  audience: trimmed(500),
  clientId: trimmed(200),
  caFile: z.string().trim().min(1).optional(),
});
export type Profile = z.infer<typeof Profile>;

/** What a user fills in; the id is made up when missing, the audience defaults to the base URL. */
export const ProfileInput = z.object({
  id: ProfileId.optional(),
  displayName: trimmed(100),
  baseUrl: HttpsUrl,
  audience: trimmed(500).optional(),
  clientId: trimmed(200),
  caFile: z.string().trim().optional(),
});
export type ProfileInput = z.input<typeof ProfileInput>;

export const ProfilesFile = z.object({
  version: z.literal(1),
  profiles: z.array(Profile),
});
export type ProfilesFile = z.infer<typeof ProfilesFile>;

export interface FieldProblem {
  field: string;
  message: string;
}

/** Bad profile input; `problems` name each field. Never carries a secret. */
export class ProfileValidationError extends Error {
  override readonly name = 'ProfileValidationError';
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  }
}

export function problemsOf(err: z.ZodError): FieldProblem[] {
  return err.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : '(profile)',
    message: i.message,
  }));
}
