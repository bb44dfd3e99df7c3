import { useState } from 'react';
import type { StoreAccessView } from '../../common/ipc';
import { NO_PROFILE_NAME, PASSPHRASE_MIN_LENGTH } from '../../common/ipc/store-access-words';
import { errorOf, ipc } from '../ipc';
import { Button, Dialog, TextField } from '../ui';

type Locked = Extract<StoreAccessView, { state: 'locked' }>;
type Run = (fn: () => Promise<StoreAccessView>) => void;

/** The page's heading; before any connection there is no profile's name to say. */
function heading(access: Locked): string {
  const choose = access.reason === 'choose';
  if (access.profileName === NO_PROFILE_NAME)
    return choose
      ? 'Protect the quotes on this computer'
      : 'The quotes on this computer are locked';
  return choose
    ? `Protect ${access.profileName}'s quotes on this computer`
    : `${access.profileName}'s quotes are locked`;
}

/**
 * Shown instead of the app while the active profile's quotes on this computer cannot be
 * opened: the first-start choice without a keychain (passphrase or unencrypted), the
 * passphrase, or a key the keychain no longer holds. Says what happened and offers what can
 * be done; starting over from the server only after listing what it loses. Never sees a key.
 */
export function LockScreen(props: { access: Locked; onOpened: (a: StoreAccessView) => void }) {
  const { access } = props;
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run: Run = (fn) => {
    setBusy(true);
    fn()
      .then((next) => {
        setError(next.state === 'locked' && next.wrong ? next.message : undefined);
        props.onOpened(next);
      })
      .catch((e: unknown) => setError(errorOf(e).message))
      .finally(() => setBusy(false));
  };

  return (
    <main id="main" className="main">
      <section className="page stack" aria-labelledby="lock-h">
        <h1 id="lock-h">{heading(access)}</h1>
        <p role={access.reason === 'choose' ? undefined : 'alert'}>{access.message}</p>
        {access.reason === 'passphrase' || access.reason === 'choose' ? (
          <PassphraseForm
            choose={access.reason === 'choose'}
            canKeepUnencrypted={access.canKeepUnencrypted}
            busy={busy}
            error={error}
            setError={setError}
            run={run}
          />
        ) : (
          error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )
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
                  run(() => ipc().call('storeAccess.startOver', { confirm: true }));
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

/** The passphrase to open the quotes, or (first start without a keychain) a new one twice. */
function PassphraseForm(props: {
  choose: boolean;
  canKeepUnencrypted: boolean;
  busy: boolean;
  error: string | undefined;
  setError: (e: string | undefined) => void;
  run: Run;
}) {
  const { choose, run, setError } = props;
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');

  const submit = () => {
    if (!passphrase) return setError('Passphrase is required');
    if (!choose) return run(() => ipc().call('storeAccess.unlock', { passphrase }));
    if (passphrase.length < PASSPHRASE_MIN_LENGTH)
      return setError(`Passphrase: must be at least ${PASSPHRASE_MIN_LENGTH} characters`);
    if (passphrase !== repeat) return setError('The two passphrases differ');
    run(() => ipc().call('storeAccess.choose', { mode: 'passphrase', passphrase }));
  };

  return (
    <form
      className="stack card card-pad"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label="Passphrase"
        type="password"
        autoComplete={choose ? 'new-password' : 'current-password'}
        autoFocus
        value={passphrase}
        error={props.error}
        hint={
          choose
            ? `At least ${PASSPHRASE_MIN_LENGTH} characters. Quotedesk cannot recover it: without it the quotes on this computer cannot be read (those on the server can be downloaded again).`
            : undefined
        }
        onChange={(e: { target: { value: string } }) => {
          setPassphrase(e.target.value);
          setError(undefined);
        }}
      />
      {choose && (
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
        <Button type="submit" variant="primary" disabled={props.busy}>
          {choose ? 'Encrypt with this passphrase' : 'Open'}
        </Button>
        {choose && props.canKeepUnencrypted && (
          <Button
            disabled={props.busy}
            onClick={() => run(() => ipc().call('storeAccess.choose', { mode: 'none' }))}
          >
            Keep unencrypted
          </Button>
        )}
      </div>
    </form>
  );
}
