// What the UI is told about the active store's protection: open and how, or locked and why
// with what starting over would lose. Never a key.
import type { StoreAccessView } from '../../common/ipc';
import type { Store } from '../store';
import type { Protection, StoreLock } from '../vault';

const PROTECTION: Record<Protection, string> = {
  keychain:
    "Encrypted on this computer. The key is kept in this computer's system keychain, so nothing needs to be entered at start.",
  passphrase:
    'Encrypted on this computer with your passphrase. It is asked each time Quotedesk starts; without it the quotes on this computer cannot be read.',
  none: 'Not encrypted. You chose to keep the quotes on this computer unencrypted (no system keychain was available): anyone who gets a copy of this computer’s disk can read them.',
};

export const START_OVER_LOSS =
  'The quotes saved on this computer cannot be read without their key, so changes that were never synced cannot be counted or kept: starting over loses them. Everything already on the server is downloaded again. The unreadable file is set aside, still encrypted, in case the key comes back.';

export function storeAccessView(s: {
  store: Store | null;
  lock: StoreLock | null;
  protection: Protection | null;
  profileName: string;
}): StoreAccessView {
  if (s.store) {
    const protection = s.protection ?? 'none';
    return { state: 'open', protection, message: PROTECTION[protection] };
  }
  const lock = s.lock!;
  return {
    state: 'locked',
    reason: lock.reason,
    message: lock.message,
    wrong: lock.wrong ?? false,
    profileName: s.profileName,
    canStartOver: lock.reason !== 'choose',
    canKeepUnencrypted: lock.reason === 'choose' && !lock.encryptionRequired,
    loss: lock.reason === 'choose' ? '' : START_OVER_LOSS,
  };
}
