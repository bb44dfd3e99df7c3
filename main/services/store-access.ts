// The lock screen's calls: how the quotes on this computer are protected, a passphrase to
// open them, the first-start choice without a keychain, and starting over from the server.
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { Group } from './group';

export function storeAccessHandlers(ctx: ServiceContext): Group<'storeAccess'> {
  return {
    'storeAccess.status': async () => ctx.storeAccess(),
    'storeAccess.unlock': ({ passphrase }) => ctx.unlockStore({ passphrase }),
    'storeAccess.choose': (c) => {
      if (ctx.storeAccess().state === 'open') {
        throw new ServiceError('VALIDATION', 'The quotes on this computer are already open.');
      }
      return ctx.unlockStore(
        c.mode === 'none' ? { choose: 'none' } : { choose: 'passphrase', passphrase: c.passphrase },
      );
    },
    'storeAccess.startOver': async () => {
      const now = ctx.storeAccess();
      if (now.state === 'open' || !now.canStartOver) {
        throw new ServiceError(
          'VALIDATION',
          'Only quotes this computer cannot open can be downloaded again in their place.',
        );
      }
      return ctx.unlockStore('start-over');
    },
  };
}
