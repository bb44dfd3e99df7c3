// The saved connections as Settings shows them: the profile list and keychain status read
// from main, each profile's last test, and the actions that change the list and read it again.
import { useCallback, useEffect, useState } from 'react';
import type { ConnectionTestResult, KeychainStatus, ProfileView } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { toast } from '../ui/toast';

export function useConnections() {
  const [profiles, setProfiles] = useState<ProfileView[]>([]);
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);
  const [tests, setTests] = useState<Record<string, ConnectionTestResult | 'testing'>>({});

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

  const test = async (p: ProfileView) => {
    setTests((t) => ({ ...t, [p.id]: 'testing' }));
    try {
      const r = await ipc().call('profiles.test', { profileId: p.id });
      setTests((t) => ({ ...t, [p.id]: r }));
    } catch (e) {
      setTests((t) => ({ ...t, [p.id]: { ok: false, message: errorOf(e).message } }));
    }
  };

  /** A new secret: the last test's answer was about the old one. */
  const forgetTest = (p: ProfileView) => setTests(({ [p.id]: _old, ...rest }) => rest);

  /** Runs a change of the list, says it is done (or why not), and reads the list again. */
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
      await load();
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  return { profiles, keychain, tests, load, test, forgetTest, act };
}
