// How the quotes on this computer are protected, and what the UI is told when they cannot be
// opened (a key missing from the keychain, a passphrase needed): never a key, only the state.
import { z } from 'zod';
import { PASSPHRASE_MIN_LENGTH } from './store-access-words';

export { NO_PROFILE_NAME, PASSPHRASE_MIN_LENGTH } from './store-access-words';

/** `keychain`: encrypted, key in the OS keychain; `passphrase`: encrypted, key from a passphrase; `none`: the user chose no encryption. */
export const StoreProtection = z.enum(['keychain', 'passphrase', 'none']);
export type StoreProtection = z.infer<typeof StoreProtection>;

export const StoreAccessView = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    protection: StoreProtection,
    /** The protection in force, in plain words for Settings. */
    message: z.string(),
  }),
  z.object({
    state: z.literal('locked'),
    /**
     * `choose`: no keychain, nothing chosen yet (set a passphrase or keep unencrypted);
     * `passphrase`: enter it; `missing-key` / `wrong-key`: the keychain's key is gone or does
     * not open the file.
     */
    reason: z.enum(['choose', 'passphrase', 'missing-key', 'wrong-key']),
    message: z.string(),
    /** The passphrase just given did not open the store. */
    wrong: z.boolean(),
    profileName: z.string(),
    /** `choose`: whether "keep unencrypted" is offered (not when the organisation requires encryption). */
    canKeepUnencrypted: z.boolean(),
    /** Whether starting over from the server is offered (not for `choose`). */
    canStartOver: z.boolean(),
    /** What starting over would lose, said before the user confirms. */
    loss: z.string(),
  }),
]);
export type StoreAccessView = z.infer<typeof StoreAccessView>;

export const Passphrase = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .max(1024, { error: 'must be at most 1024 characters' });

export const StoreChoice = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('passphrase'),
    passphrase: Passphrase.min(PASSPHRASE_MIN_LENGTH, {
      error: `must be at least ${PASSPHRASE_MIN_LENGTH} characters`,
    }),
  }),
  z.object({ mode: z.literal('none') }),
]);
