// Settings → "Where your data lives": the folders, how quotes and secrets are protected on this
// computer, and the app's version.
import type { PolicyStatus } from '../../common/ipc/managed';
import type { KeychainStatus } from '../../common/ipc/shapes';
import { useStoreAccess } from '../protection/use-store-access';
import { useAppInfo } from '../state/app-info';
import { ManagedNote } from './managed-note';

const DATA_PROTECTION = {
  keychain: 'Encrypted with a key kept in the system keychain',
  passphrase: 'Encrypted with a passphrase',
  none: 'Not encrypted',
} as const;

export function DataLocationCard({
  keychain,
  dataProtection,
}: {
  keychain: KeychainStatus | null;
  /** Set by the organisation's policy: said here, with the note that it is managed. */
  dataProtection: PolicyStatus['policy']['dataProtection'];
}) {
  const info = useAppInfo((s) => s.info);
  const [storeAccess] = useStoreAccess();
  return (
    <section className="card card-pad" aria-labelledby="data-h">
      <h2 id="data-h">Where your data lives</h2>
      {info ? (
        <dl className="kv">
          <dt>Quotes and drafts</dt>
          <dd className="mono">{info.dataDir}</dd>
          <dt>Logs</dt>
          <dd className="mono">{info.logsDir}</dd>
          <dt>Protection of quotes on this computer</dt>
          <dd data-testid="store-protection">
            {storeAccess?.state === 'open' ? storeAccess.message : '—'}
          </dd>
          <dt>Secrets</dt>
          <dd>
            {keychain?.available
              ? 'System keychain (never written to disk by Quotedesk)'
              : (keychain?.message ?? '—')}
          </dd>
          {dataProtection && (
            <>
              <dt>Local data protection</dt>
              <dd>
                {DATA_PROTECTION[dataProtection]} <ManagedNote />
              </dd>
            </>
          )}
          {info.embeddedServerUrl && (
            <>
              <dt>Demo server</dt>
              <dd className="mono">{info.embeddedServerUrl}</dd>
            </>
          )}
          <dt>Version</dt>
          <dd>
            {info.name} {info.version} · {info.mode === 'browser' ? 'browser mode' : 'desktop'} ·{' '}
            {info.platform}
          </dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  );
}
