// Puts the organisation's policy into effect at start: the preset connections become
// profiles with ids of their own (`org-…`, from the connection's name, so a renamed address
// keeps its store), connections the policy no longer lists are removed, and the log says what
// is in force or why the policy was ignored. Only the secret is left for the salesperson.
import { createHash } from 'node:crypto';
import type { PolicyStatus } from '../../common/ipc';
import type { PolicyConnection } from '../../common/policy';
import { DEMO_PROFILE_ID } from '../services';
import type { Vault } from '../vault';
import type { Logger } from './log';
import type { PolicyReading } from './policy';

const MANAGED_PREFIX = 'org-';

export function managedProfileId(name: string): string {
  const hash = createHash('sha256').update(name.trim().toLowerCase()).digest('hex');
  return `${MANAGED_PREFIX}${hash.slice(0, 16)}`;
}

export const isManagedProfileId = (id: string) => id.startsWith(MANAGED_PREFIX);

export function logPolicy(log: Logger, reading: PolicyReading): void {
  if (reading.status === 'applied') {
    log.info('policy.applied', { source: reading.source, keys: Object.keys(reading.policy) });
  } else if (reading.status === 'ignored') {
    log.warn('policy.ignored', { source: reading.source, problems: reading.problems });
  }
}

export const policyStatus = (reading: PolicyReading): PolicyStatus => ({
  status: reading.status,
  source: reading.source,
  policy: reading.policy,
  problems: reading.problems,
});

/**
 * Brings the managed profiles in line with the policy's `connections`. An ignored policy
 * changes nothing (the profiles of the last good one stay usable); an applied one without
 * `connections` leaves the user's own profiles alone and removes the managed ones. With
 * `demoConnection: false` the demo profile goes too (its local store stays on disk).
 */
export async function applyPolicyConnections(
  vault: Vault,
  reading: PolicyReading,
  log: Logger,
): Promise<void> {
  if (reading.status !== 'applied') return;
  const wanted: PolicyConnection[] = reading.policy.connections ?? [];
  const ids = new Set<string>();
  for (const c of wanted) {
    const id = managedProfileId(c.name);
    ids.add(id);
    const before = await vault.getProfile(id);
    const same =
      before &&
      before.displayName === c.name &&
      before.baseUrl === c.baseUrl &&
      before.audience === c.audience &&
      before.clientId === c.clientId &&
      before.caFile === c.caFile;
    if (same) continue;
    try {
      await vault.saveProfile({
        id,
        displayName: c.name,
        baseUrl: c.baseUrl,
        audience: c.audience,
        clientId: c.clientId,
        ...(c.caFile ? { caFile: c.caFile } : {}),
      });
      log.info('policy.connection_saved', { profileId: id, name: c.name });
    } catch (error) {
      // e.g. the CA file named by the policy is not on this laptop: the others still apply.
      log.error('policy.connection_failed', { name: c.name, error: String(error) });
    }
  }
  for (const p of await vault.listProfiles()) {
    const dropDemo = p.id === DEMO_PROFILE_ID && reading.policy.demoConnection === false;
    if (dropDemo || (isManagedProfileId(p.id) && !ids.has(p.id))) {
      await vault.deleteProfile(p.id);
      log.info('policy.connection_removed', { profileId: p.id });
    }
  }
}
