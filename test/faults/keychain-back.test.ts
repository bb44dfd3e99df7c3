// The keychain gone and back while the app runs: a keyring locked, then unlocked at the next
// login — the daemon replaced by one started with the password, as after gnome-keyring's crash
// and D-Bus starting it again — in a real gnome-keyring of the case's own (private-keyring.ts).
// Calls made meanwhile fail; the app does not give the keychain up for the rest of the session:
// once it answers again, the connection's secret is found there and Settings says credentials
// are kept, without a restart.
import { describe, expect, it } from 'vitest';
import { keychainGate } from '../vault/keychain-required';
import { until, type StartedApp } from './app';
import {
  appsOnPrivateKeyring,
  expectAnswering,
  firstQuote,
  localEdits,
  settled,
  tempDir,
} from './fixtures';

const gate = await keychainGate();
const { ring, start } = appsOnPrivateKeyring();

const demoSecret = async (app: StartedApp) =>
  (await app.value('profiles.list')).profiles.find((p) => p.isDemo)?.secret;

describe.runIf(gate.run)('the keychain gone and back', () => {
  it('is used again once it answers: the secret found there, Settings saying so, edits syncing', async () => {
    const dataDir = tempDir('keychain-back');
    const app = await start(dataDir);
    const quoteId = await firstQuote(app);
    await settled(app);
    expect(await demoSecret(app)).toBe('keychain');

    ring().lock();
    // Settings read meanwhile: the keychain's calls fail, and the app says what it can.
    expect(await demoSecret(app)).not.toBe('keychain');
    expect(await app.value('profiles.keychainStatus')).toMatchObject({ available: false });
    await expectAnswering(app);

    ring().unlock();
    // Tried again a few seconds after the last failure (a machine without a keychain is not
    // asked at every call): found there without a restart.
    await until(
      async () => (await demoSecret(app)) === 'keychain',
      'the secret read from the keychain again',
      20_000,
    );
    expect(await app.value('profiles.keychainStatus')).toMatchObject({ available: true });
    // Edits made with sync paused, then sent: the sign-in reads the secret where it is kept.
    const acked = await localEdits(app, quoteId, 'keychain back', 2);
    await app.value('sync.resume');
    await app.value('sync.runNow', { quoteId });
    await settled(app);
    expect((await app.value('quotes.get', { quoteId })).sync.state).toBe('synced');
    await app.stop();

    const again = await start(dataDir);
    expect(await again.value('storeAccess.status')).toMatchObject({ state: 'open' });
    expect(await demoSecret(again)).toBe('keychain');
    expect((await again.value('quotes.get', { quoteId })).header.introMessage).toBe(acked.at(-1));
  });
});
