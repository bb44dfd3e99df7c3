import { useState } from 'react';
import type { StoreAccessView } from '../../common/ipc';
import { PASSPHRASE_MIN_LENGTH } from '../../common/ipc/protection';
import { errorOf, ipc } from '../ipc';
import { Button, Dialog, TextField } from '../ui';

type Locked = Extract<StoreAccessView, { state: 'locked' }>;

/**
 * Shown instead of the app while the active profile's quotes on this computer cannot be
 * opened: the first-start choice without a keychain (passphrase or unencrypted), the
 * passphrase, or a key the keychain no longer holds. Says what happened and offers what can
 * be done; starting over from the server only after listing what it loses. Never sees a key.
 */
export function LockScreen(props: { access: Locked; onOpened: (a: StoreAccessView) => void }) {
  const { access } = props;
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (fn: () => Promise<StoreAccessView>) => {
    setBusy(true);
    try {
      const next = await fn();
      if (next.state === 'locked') setError(next.wrong ? next.message : undefined);
      props.onOpened(next);
    } catch (e) {
      setError(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  const unlock = () => {
    if (!passphrase) return setError('Passphrase is required');
    void run(() => ipc().call('storeAccess.unlock', { passphrase }));
  };
  const choosePassphrase = () => {
    if (passphrase.length < PASSPHRASE_MIN_LENGTH)
      return setError(`Passphrase: must be at least ${PASSPHRASE_MIN_LENGTH} characters`);
    if (passphrase !== repeat) return setError('The two passphrases differ');
    void run(() => ipc().call('storeAccess.choose', { mode: 'passphrase', passphrase }));
  };

  return (
    <main id="main" className="main">
      <section className="page stack" aria-labelledby="lock-h">
        <h1 id="lock-h">
          {access.reason === 'choose'
            ? `Protect ${access.profileName}'s quotes on this computer`
            : `${access.profileName}'s quotes are locked`}
        </h1>
        <p role={access.reason === 'choose' ? undefined : 'alert'}>{access.message}</p>
        {(access.reason === 'passphrase' || access.reason === 'choose') && (
          <form
            className="stack card card-pad"
            onSubmit={(e) => {
              e.preventDefault();
              if (access.reason === 'choose') choosePassphrase();
              else unlock();
            }}
          >
            <TextField
              label="Passphrase"
              type="password"
              autoComplete={access.reason === 'choose' ? 'new-password' : 'current-password'}
              autoFocus
              value={passphrase}
              error={error}
              hint={
                access.reason === 'choose'
                  ? `At least ${PASSPHRASE_MIN_LENGTH} characters. Quotedesk cannot recover it: without it the quotes on this computer cannot be read (those on the server can be downloaded again).`
                  : undefined
              }
              onChange={(e: { target: { value: string } }) => {
                setPassphrase(e.target.value);
                setError(undefined);
              }}
            />
            {access.reason === 'choose' && (
              <TextField
                label="Repeat the passphrase"
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e: { target: { value: string } }) => {
                  setRepeat(e.target.value);
                  setError(undefined);
                }}
              />
            )}
            <div className="row">
              <Button type="submit" variant="primary" disabled={busy}>
                {access.reason === 'choose' ? 'Encrypt with this passphrase' : 'Open'}
              </Button>
              {access.reason === 'choose' && (
                <Button
                  disabled={busy}
                  onClick={() => void run(() => ipc().call('storeAccess.choose', { mode: 'none' }))}
                >
                  Keep unencrypted
                </Button>
              )}
            </div>
          </form>
        )}
        {access.reason !== 'choose' && error && access.reason !== 'passphrase' && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        {access.canStartOver && (
          <div>
            <Button onClick={() => setConfirming(true)} disabled={busy}>
              Download {access.profileName}'s quotes again…
            </Button>
          </div>
        )}
      </section>
      {confirming && (
        <Dialog
          title={`Download ${access.profileName}'s quotes again?`}
          open
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button
                variant="primary"
                disabled={busy}
                onClick={() => {
                  setConfirming(false);
                  void run(() => ipc().call('storeAccess.startOver', { confirm: true }));
                }}
              >
                Start over from the server
              </Button>
            </>
          }
        >
          <p>{access.loss}</p>
        </Dialog>
      )}
    </main>
  );
}
