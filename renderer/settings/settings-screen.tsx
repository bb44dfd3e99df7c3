import { useCallback, useEffect, useState } from 'react';
import type { PolicyStatus } from '../../common/ipc/managed';
import type { ConnectionTestResult, KeychainStatus, ProfileView } from '../../common/ipc/shapes';
import { useAppInfo } from '../state/app-info';
import { errorOf, ipc } from '../ipc';
import { Button, TextField } from '../ui';
import { toast } from '../ui/toast';
import { useStoreAccess } from '../protection/use-store-access';
import { EnterSecretDialog } from './enter-secret-dialog';
import { CaFileField } from './ca-file-field';
import { ManagedNote, PolicyBanner } from './managed-note';
import { OfflinePreviews } from './offline-previews';
import { OfflineQuotes } from './offline-quotes';
import { RemoveConnectionDialog } from './remove-connection-dialog';
import { DraftsCard } from './drafts-card';
import { WorkPreferences } from './work-preferences';

type Form = {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The CA certificate picked in the page: its text goes to main, never a path. */
  caPem: string;
  caName: string;
};
const EMPTY: Form = {
  name: '',
  baseUrl: 'https://',
  clientId: '',
  clientSecret: '',
  caPem: '',
  caName: '',
};

const DATA_PROTECTION = {
  keychain: 'Encrypted with a key kept in the system keychain',
  passphrase: 'Encrypted with a passphrase',
  none: 'Not encrypted',
} as const;

/** Connection profiles (secrets go to the keychain in main, never back here) and where data lives. */
// long: connection profiles, their form, tests, keychain and policy notes share the profile list
export default function SettingsScreen() {
  const [profiles, setProfiles] = useState<ProfileView[]>([]);
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form | '_form', string>>>({});
  const [tests, setTests] = useState<Record<string, ConnectionTestResult | 'testing'>>({});
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [enteringSecret, setEnteringSecret] = useState<ProfileView | null>(null);
  const info = useAppInfo((s) => s.info);
  const [policy, setPolicy] = useState<PolicyStatus | null>(null);
  useEffect(() => {
    ipc()
      .call('app.policy')
      .then(setPolicy)
      .catch(() => {});
  }, []);
  const locked = policy?.policy ?? {};
  const [storeAccess] = useStoreAccess();

  const load = useCallback(async () => {
    try {
      const [p, k] = await Promise.all([
        ipc().call('profiles.list'),
        ipc().call('profiles.keychainStatus'),
      ]);
      setProfiles(p.profiles);
      setKeychain(k);
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const input = () =>
    form && {
      name: form.name,
      baseUrl: form.baseUrl.trim(),
      clientId: form.clientId,
      clientSecret: form.clientSecret,
      caPem: form.caPem || undefined,
    };

  const validate = (): boolean => {
    if (!form) return false;
    const errs: typeof errors = {};
    if (!form.name.trim()) errs.name = 'Name is required';
    if (!/^https:\/\/[^/\s]+/.test(form.baseUrl.trim()))
      errs.baseUrl = 'Base URL must be an https:// address';
    if (!form.clientId.trim()) errs.clientId = 'Client id is required';
    if (!form.clientSecret) errs.clientSecret = 'Client secret is required';
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };

  const fieldError = (e: unknown) => {
    const err = errorOf(e);
    const f = err.field?.split('.').pop() as keyof Form | undefined;
    setErrors({ [f && form && f in form ? f : '_form']: err.message });
  };

  const testNew = async () => {
    if (!validate()) return;
    setTests((t) => ({ ...t, _new: 'testing' }));
    try {
      const r = await ipc().call('profiles.test', input()!);
      setTests((t) => ({ ...t, _new: r }));
    } catch (e) {
      setTests((t) => ({ ...t, _new: { ok: false, message: errorOf(e).message } }));
    }
  };

  const add = async () => {
    if (!validate()) return;
    try {
      await ipc().call('profiles.add', input()!);
      setForm(null);
      setTests((t) => ({ ...t, _new: undefined as unknown as ConnectionTestResult }));
      toast.success('Profile added');
      await load();
    } catch (e) {
      fieldError(e);
    }
  };

  const testSaved = async (p: ProfileView) => {
    setTests((t) => ({ ...t, [p.id]: 'testing' }));
    try {
      const r = await ipc().call('profiles.test', { profileId: p.id });
      setTests((t) => ({ ...t, [p.id]: r }));
    } catch (e) {
      setTests((t) => ({ ...t, [p.id]: { ok: false, message: errorOf(e).message } }));
    }
  };

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
      await load();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const bind = (k: Exclude<keyof Form, 'caPem' | 'caName'>) => ({
    value: form?.[k] ?? '',
    error: errors[k],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => f && { ...f, [k]: e.target.value }),
  });

  const newTest = tests._new;
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      <PolicyBanner policy={policy} />
      <section className="card card-pad stack" aria-labelledby="prof-h">
        <div className="row">
          <h2 id="prof-h" className="grow" style={{ margin: 0 }}>
            Connections
          </h2>
          {locked.connections ? (
            <ManagedNote />
          ) : (
            !form && (
              <Button variant="primary" onClick={() => setForm(EMPTY)}>
                Add connection
              </Button>
            )
          )}
        </div>
        {keychain && !keychain.available && (
          <p className="readonly-note" role="note">
            {keychain.message}
          </p>
        )}
        {profiles.length === 0 && (
          <p className="muted">
            No connection yet. Quotes are kept on this computer until you add one.
          </p>
        )}
        <ul className="plain-list" aria-label="Connections">
          {profiles.map((p) => {
            const t = tests[p.id];
            return (
              <li key={p.id} style={{ flexWrap: 'wrap' }}>
                <span className="grow">
                  <span className="item-name">
                    {p.name} {p.active && <span className="status status-accepted">Active</span>}{' '}
                    {p.isDemo && <span className="kind">demo</span>}{' '}
                    {(p.managed || (p.isDemo && locked.demoConnection !== undefined)) && (
                      <ManagedNote />
                    )}
                  </span>
                  <br />
                  <span className="item-meta">
                    {p.baseUrl} · client {p.clientId} ·{' '}
                    {p.secret === 'keychain'
                      ? 'secret in the system keychain'
                      : p.secret === 'memory'
                        ? 'secret kept for this session only'
                        : 'no secret stored'}
                  </span>
                  {t && t !== 'testing' && (
                    <span
                      className={t.ok ? 'field-hint' : 'field-error'}
                      role="status"
                      style={{ display: 'block' }}
                    >
                      {t.ok ? '✓ ' : ''}
                      {t.message}
                    </span>
                  )}
                </span>
                <Button size="sm" onClick={() => void testSaved(p)} disabled={t === 'testing'}>
                  {t === 'testing' ? 'Testing…' : 'Test'}
                </Button>
                {!p.isDemo && (
                  <Button
                    size="sm"
                    variant={p.secret === 'none' ? 'primary' : 'secondary'}
                    onClick={() => setEnteringSecret(p)}
                  >
                    Enter secret…
                  </Button>
                )}
                {!p.active && (
                  <Button
                    size="sm"
                    onClick={() =>
                      void act(
                        () => ipc().call('profiles.switch', { profileId: p.id }),
                        `Switched to ${p.name}`,
                      )
                    }
                  >
                    Use this
                  </Button>
                )}
                {!p.managed && !(p.isDemo && locked.demoConnection !== undefined) && (
                  <Button size="sm" variant="danger" onClick={() => setRemoving(p)}>
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {form && (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
            aria-label="New connection"
          >
            <div className="form-grid">
              <TextField
                label="Name"
                autoFocus
                placeholder="e.g. Northwind production"
                {...bind('name')}
              />
              <TextField
                label="Base URL"
                className="span-2"
                placeholder="https://api.example.com"
                {...bind('baseUrl')}
              />
              <TextField label="Client id" {...bind('clientId')} autoComplete="off" />
              <TextField
                label="Client secret"
                type="password"
                autoComplete="new-password"
                hint={
                  keychain && !keychain.available
                    ? 'No system keychain here: kept in memory until Quotedesk closes.'
                    : 'Stored in the system keychain.'
                }
                {...bind('clientSecret')}
              />
              <CaFileField
                fileName={form.caName}
                error={errors.caPem}
                onFile={(caName, caPem) => setForm((f) => f && { ...f, caName, caPem })}
              />
            </div>
            {errors._form && (
              <p className="field-error" role="alert">
                {errors._form}
              </p>
            )}
            {newTest && newTest !== 'testing' && (
              <p className={newTest.ok ? 'field-hint' : 'field-error'} role="status">
                {newTest.ok ? '✓ ' : ''}
                {newTest.message}
              </p>
            )}
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setForm(null)}>Cancel</Button>
              <Button onClick={() => void testNew()} disabled={newTest === 'testing'}>
                {newTest === 'testing' ? 'Testing…' : 'Test connection'}
              </Button>
              <Button type="submit" variant="primary">
                Save connection
              </Button>
            </div>
          </form>
        )}
      </section>
      {enteringSecret && (
        <EnterSecretDialog
          profile={enteringSecret}
          keychainAvailable={keychain?.available ?? false}
          onClose={() => setEnteringSecret(null)}
          onSaved={(p) => {
            setEnteringSecret(null);
            setTests((t) => ({ ...t, [p.id]: undefined as unknown as ConnectionTestResult }));
            toast.success(`Secret saved for ${p.name}`);
            void load();
          }}
        />
      )}
      {removing && (
        <RemoveConnectionDialog
          profile={removing}
          onClose={() => setRemoving(null)}
          onRemove={() => {
            const p = removing;
            setRemoving(null);
            void act(() => ipc().call('profiles.remove', { profileId: p.id }), `Removed ${p.name}`);
          }}
        />
      )}
      <DraftsCard active={profiles.find((p) => p.active) ?? null} />
      <WorkPreferences />
      <OfflineQuotes />
      <OfflinePreviews locked={locked.offlinePreviewBudgetMiB !== undefined} />
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
            {locked.dataProtection && (
              <>
                <dt>Local data protection</dt>
                <dd>
                  {DATA_PROTECTION[locked.dataProtection]} <ManagedNote />
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
    </div>
  );
}
