// What removing a connection leaves on this computer: nothing. The store's key goes first, so
// whatever a crash in the middle leaves behind can no longer be read; then the store folder
// (database, WAL, attachment files, damaged copies kept aside), then the profile, its secret
// and its tokens.
import fs from 'node:fs';
import path from 'node:path';
import type { ServiceContext } from './context';

export function storeDirOf(ctx: ServiceContext, profileId: string): string {
  return path.join(ctx.info().dataDir, 'stores', profileId);
}

/** Deletes the profile and everything of it; the profile's session must be closed. */
export async function wipeProfile(ctx: ServiceContext, profileId: string): Promise<void> {
  const dir = storeDirOf(ctx, profileId);
  await ctx.vault.deleteStoreKey(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  await ctx.vault.deleteProfile(profileId);
  ctx.log.info('profile.wiped', { profileId });
}
