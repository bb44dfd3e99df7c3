import type { ProfileView } from '../../common/ipc';
import type { Vault } from '../vault';
import { requireUnlocked, type ServiceContext } from './context';
import { keptCaFile } from './ca-file';
import { ServiceError } from './errors';
import { wipeProfile } from './profile-wipe';
import { removalCheck } from './removal-check';
import type { Group } from './group';

export const DEMO_PROFILE_ID = 'demo';

/** Profiles the organisation's policy made (`org-…`): only their secret may be entered. */
export const isManagedProfile = (id: string) => id.startsWith('org-');

export async function profileView(
  vault: Vault,
  id: string,
  activeId: string | null,
): Promise<ProfileView> {
  const p = await vault.getProfile(id);
  if (!p)
    throw new ServiceError('NOT_FOUND', 'This connection profile no longer exists.', {
      field: 'profileId',
    });
  const hasSecret = await vault.hasSecret(p.id);
  return {
    id: p.id,
    name: p.displayName,
    baseUrl: p.baseUrl,
    audience: p.audience,
    clientId: p.clientId,
    secret: !hasSecret ? 'none' : (await vault.status()).remembered ? 'keychain' : 'memory',
    isDemo: p.id === DEMO_PROFILE_ID,
    active: p.id === activeId,
    managed: isManagedProfile(p.id),
  };
}

export function profileHandlers(ctx: ServiceContext): Group<'profiles'> {
  return {
    'profiles.list': async () => {
      const activeId = ctx.activeProfileId();
      const profiles = await ctx.vault.listProfiles();
      return {
        profiles: await Promise.all(profiles.map((p) => profileView(ctx.vault, p.id, activeId))),
        activeId,
      };
    },
    'profiles.add': async (input) => {
      requireUnlocked(ctx.policy.policy.connections !== undefined, 'connections');
      const caFile = keptCaFile(ctx, input);
      const saved = await ctx.vault.saveProfile(
        {
          displayName: input.name,
          baseUrl: input.baseUrl,
          clientId: input.clientId,
          ...(input.audience ? { audience: input.audience } : {}),
          ...(caFile ? { caFile } : {}),
        },
        input.clientSecret,
      );
      return profileView(ctx.vault, saved.id, ctx.activeProfileId());
    },
    'profiles.test': async (input) => {
      const caFile = 'profileId' in input ? undefined : keptCaFile(ctx, input);
      const result =
        'profileId' in input
          ? await ctx.vault.testConnection(input.profileId)
          : await ctx.vault.testConnection({
              profile: {
                displayName: input.name,
                baseUrl: input.baseUrl,
                clientId: input.clientId,
                ...(input.audience ? { audience: input.audience } : {}),
                ...(caFile ? { caFile } : {}),
              },
              secret: input.clientSecret,
            });
      return { ok: result.ok, message: result.message };
    },
    'profiles.switch': async ({ profileId }) => {
      await profileView(ctx.vault, profileId, null);
      await ctx.switchProfile(profileId);
      return profileView(ctx.vault, profileId, ctx.activeProfileId());
    },
    'profiles.removalCheck': async ({ profileId }) => {
      await profileView(ctx.vault, profileId, null);
      return await removalCheck(ctx, profileId);
    },
    'profiles.remove': async ({ profileId }) => {
      await profileView(ctx.vault, profileId, null);
      requireUnlocked(
        isManagedProfile(profileId) ||
          (profileId === DEMO_PROFILE_ID && ctx.policy.policy.demoConnection !== undefined),
        'this connection',
        'profileId',
      );
      if (ctx.activeProfileId() === profileId) {
        const other = (await ctx.vault.listProfiles()).find((p) => p.id !== profileId);
        await ctx.switchProfile(other?.id ?? null);
      }
      await wipeProfile(ctx, profileId);
      return { done: true as const };
    },
    'profiles.setSecret': async ({ profileId, clientSecret }) => {
      await profileView(ctx.vault, profileId, null);
      await ctx.vault.setSecret(profileId, clientSecret);
      ctx.log.info('profile.secret_entered', { profileId });
      // The active session's client reads the secret when it next asks for a token: a sync
      // now sends what waited for it.
      if (ctx.activeProfileId() === profileId) {
        ctx.hub.emit('profile.changed', {
          active: await profileView(ctx.vault, profileId, profileId),
        });
        ctx.sync().runNow();
      }
      return profileView(ctx.vault, profileId, ctx.activeProfileId());
    },
    'profiles.keychainStatus': async () => {
      const s = await ctx.vault.status();
      return { available: s.remembered, message: s.message };
    },
  };
}
