import { useEffect, useState } from 'react';
import type { PolicyStatus } from '../../common/ipc/managed';
import { ipc } from '../ipc';
import { ConnectionsCard } from './connections-card';
import { DataLocationCard } from './data-location-card';
import { DraftsCard } from './drafts-card';
import { PolicyBanner } from './managed-note';
import { OfflinePreviews } from './offline-previews';
import { OfflineQuotes } from './offline-quotes';
import { useConnections } from './use-connections';
import { WorkPreferences } from './work-preferences';

/** Connection profiles (secrets go to the keychain in main, never back here) and where data lives. */
export default function SettingsScreen() {
  const connections = useConnections();
  const [policy, setPolicy] = useState<PolicyStatus | null>(null);
  useEffect(() => {
    ipc()
      .call('app.policy')
      .then(setPolicy)
      .catch(() => {});
  }, []);
  // Every key the organisation's policy sets is locked here.
  const locked = policy?.policy ?? {};
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      <PolicyBanner policy={policy} />
      <ConnectionsCard connections={connections} locked={locked} />
      <DraftsCard active={connections.profiles.find((p) => p.active) ?? null} />
      <WorkPreferences />
      <OfflineQuotes />
      <OfflinePreviews locked={locked.offlinePreviewBudgetMiB !== undefined} />
      <DataLocationCard keychain={connections.keychain} dataProtection={locked.dataProtection} />
    </div>
  );
}
