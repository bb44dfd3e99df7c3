// Settings → Connections: the saved profiles, the form that adds one, and the dialogs that
// enter a profile's secret and remove a profile. A policy may hold the list (no form then).
import { useState } from 'react';
import type { PolicyStatus } from '../../common/ipc/managed';
import type { ProfileView } from '../../common/ipc/shapes';
import { ipc } from '../ipc';
import { Button } from '../ui';
import { toast } from '../ui/toast';
import { ConnectionRow } from './connection-row';
import { EnterSecretDialog } from './enter-secret-dialog';
import { ManagedNote } from './managed-note';
import { NewConnectionForm } from './new-connection-form';
import { RemoveConnectionDialog } from './remove-connection-dialog';
import type { useConnections } from './use-connections';

export function ConnectionsCard({
  connections,
  locked,
}: {
  connections: ReturnType<typeof useConnections>;
  locked: PolicyStatus['policy'];
}) {
  const { profiles, keychain, tests, load, test, forgetTest, act } = connections;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [enteringSecret, setEnteringSecret] = useState<ProfileView | null>(null);
  return (
    <section className="card card-pad stack" aria-labelledby="prof-h">
      <div className="row">
        <h2 id="prof-h" className="grow" style={{ margin: 0 }}>
          Connections
        </h2>
        {locked.connections ? (
          <ManagedNote />
        ) : (
          !adding && (
            <Button variant="primary" onClick={() => setAdding(true)}>
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
        {profiles.map((p) => (
          <ConnectionRow
            key={p.id}
            profile={p}
            test={tests[p.id]}
            demoLocked={locked.demoConnection !== undefined}
            onTest={() => void test(p)}
            onEnterSecret={() => setEnteringSecret(p)}
            onUse={() =>
              void act(
                () => ipc().call('profiles.switch', { profileId: p.id }),
                `Switched to ${p.name}`,
              )
            }
            onRemove={() => setRemoving(p)}
          />
        ))}
      </ul>
      {adding && (
        <NewConnectionForm
          keychain={keychain}
          onCancel={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void load();
          }}
        />
      )}
      {enteringSecret && (
        <EnterSecretDialog
          profile={enteringSecret}
          keychainAvailable={keychain?.available ?? false}
          onClose={() => setEnteringSecret(null)}
          onSaved={(p) => {
            setEnteringSecret(null);
            forgetTest(p);
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
    </section>
  );
}
