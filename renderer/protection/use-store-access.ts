import { useEffect, useState } from 'react';
import type { StoreAccessView } from '../../common/ipc';
import { ipc } from '../ipc';

/** The active store's access state, asked once at start and after each lock-screen action. */
export function useStoreAccess(): [StoreAccessView | null, (a: StoreAccessView) => void] {
  const [access, setAccess] = useState<StoreAccessView | null>(null);
  useEffect(() => {
    ipc()
      .call('storeAccess.status')
      .then(setAccess)
      .catch(() => setAccess(null));
  }, []);
  return [access, setAccess];
}
