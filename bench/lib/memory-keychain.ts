// A keychain for benches that run outside a desktop session: keytar's shape over a map in
// memory. The app behaves as with the OS keychain — the store gets a random 256-bit key and is
// encrypted — so what is measured includes the encryption; only the keychain's own round trip
// (once per start, never per edit) is not.
import type { OpenKeychainOptions } from '../../main/vault';

export function memoryKeychain(): OpenKeychainOptions {
  const entries = new Map<string, string>();
  const at = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    load: async () => ({
      getPassword: async (service, account) => entries.get(at(service, account)) ?? null,
      setPassword: async (service, account, password) => {
        entries.set(at(service, account), password);
      },
      deletePassword: async (service, account) => entries.delete(at(service, account)),
    }),
  };
}
