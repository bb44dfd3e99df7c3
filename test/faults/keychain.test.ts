// The keychain entry of the store's key deleted while the app runs (a keychain reset, a cleaning
// tool), in the real gnome-keyring the suite runs in. The app works on with the key it holds,
// puts the entry back, and at the next start opens the quotes as before — every acknowledged
// edit there. A store whose key is gone for good is said in words at the start, the file kept.
import fs from 'node:fs';
import path from 'node:path';
import keytar from '@napi-rs/keyring/keytar';
import { describe, expect, it } from 'vitest';
import { readProtection, storeKeyAccount } from '../../main/vault';
import { keychainGate } from '../vault/keychain-required';
import { faultApps } from './app';
import { expectAnswering, firstQuote, localEdits, tempDir } from './fixtures';

const gate = await keychainGate();
const launch = faultApps();

const keyIdOf = (dataDir: string) => readProtection(path.join(dataDir, 'stores', 'demo'))!.keyId!;

const start = (dataDir: string) => launch({ dataDir });

describe.runIf(gate.run)('the store key deleted from the keychain', () => {
  it('while the app runs: it works on, puts the key back, and the next start opens the quotes', async () => {
    const dataDir = tempDir('keychain');
    const app = await start(dataDir);
    const quoteId = await firstQuote(app);
    const keyId = keyIdOf(dataDir);
    expect(await keytar.deletePassword('quotedesk', storeKeyAccount(keyId))).toBe(true);
    const acked = await localEdits(app, quoteId, 'key deleted');
    expect(acked).toHaveLength(2);
    await expectAnswering(app);
    await app.stop();
    expect(await keytar.getPassword('quotedesk', storeKeyAccount(keyId))).toMatch(/^[0-9a-f]{64}$/);

    const again = await start(dataDir);
    expect(await again.value('storeAccess.status')).toMatchObject({ state: 'open' });
    const quote = await again.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(acked.at(-1));
  });

  it('gone for good before a start: said in words, the file kept, the bridge answering', async () => {
    const dataDir = tempDir('keychain-gone');
    const app = await start(dataDir);
    await firstQuote(app);
    const keyId = keyIdOf(dataDir);
    await app.stop();
    await keytar.deletePassword('quotedesk', storeKeyAccount(keyId));
    const file = path.join(dataDir, 'stores', 'demo', 'quotedesk.sqlite');
    const bytes = fs.readFileSync(file);

    const again = await start(dataDir);
    await expectAnswering(again);
    const access = await again.value('storeAccess.status');
    expect(access).toMatchObject({ state: 'locked', reason: 'missing-key' });
    expect(access.message).toMatch(/no longer holds the key for Demo's quotes/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });
});
