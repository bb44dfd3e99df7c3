// The store's protection in the few plain values the lock screen needs at start, apart from
// the contract's schemas (protection.ts) so the window's first load carries no zod.

export const PASSPHRASE_MIN_LENGTH = 10;

/** The name said for the quotes kept before any connection is set up (no profile's name yet). */
export const NO_PROFILE_NAME = 'this computer';
