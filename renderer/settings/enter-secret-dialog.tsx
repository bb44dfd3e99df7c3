import { useState } from 'react';
import type { ProfileView } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { Button, Dialog, TextField } from '../ui';

/**
 * Enters the client secret of an existing connection again (after a restart without a
 * keychain, or when the partner rotated it). The connection stays the same, and so does the
 * store of its quotes: nothing waiting to sync is left behind.
 */
export function EnterSecretDialog(props: {
  profile: ProfileView;
  keychainAvailable: boolean;
  onClose: () => void;
  onSaved: (p: ProfileView) => void;
}) {
  const { profile } = props;
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!secret) {
      setError('Client secret is required');
      return;
    }
    setSaving(true);
    try {
      const saved = await ipc().call('profiles.setSecret', {
        profileId: profile.id,
        clientSecret: secret,
      });
      props.onSaved(saved);
    } catch (e) {
      setError(errorOf(e).message);
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={`Enter secret for ${profile.name}`}
      open
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save secret'}
          </Button>
        </>
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="muted">
          {profile.baseUrl} · client {profile.clientId}
        </p>
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={secret}
          error={error}
          hint={
            props.keychainAvailable
              ? 'Stored in the system keychain.'
              : 'No system keychain: kept until Quotedesk closes.'
          }
          onChange={(e: { target: { value: string } }) => {
            setSecret(e.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
