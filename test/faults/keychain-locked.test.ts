// The keychain locked while the app runs (a screen lock, a keyring that locks itself after a
// while), in a real gnome-keyring of the case's own (private-keyring.ts) so the other suites'
// keyring stays open. The app works on with the key and the sign-in it holds — edits kept,
// sync going on — and never takes a locked keychain for an empty one: nothing is written in
// its place, nothing is "put back". Started while it is still locked, it says so in words and
// leaves the file alone; unlocked (a login), the next start opens every acknowledged edit.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keychainGate } from '../vault/keychain-required';
import {
  appsOnPrivateKeyring,
  expectAnswering,
  expectNoRawText,
  firstQuote,
  localEdits,
  settled,
  tempDir,
} from './fixtures';

const gate = await keychainGate();
const { ring, start } = appsOnPrivateKeyring();

describe.runIf(gate.run)('the keychain locked', () => {
  it('while the app runs it works on; started locked it says so; unlocked, every edit is there', async () => {
    const dataDir = tempDir('keychain-locked');
    const app = await start(dataDir);
    const quoteId = await firstQuote(app);
    await settled(app);

    ring().lock();
    const acked = await localEdits(app, quoteId, 'keychain locked', 3);
    await app.value('sync.resume');
    await app.value('sync.runNow', { quoteId });
    await settled(app);
    const answers = await expectAnswering(app);
    const access = answers[3] as { ok: true; value: { state: string } };
    expect(access.value.state).toBe('open');
    expect((await app.value('quotes.get', { quoteId })).sync.state).toBe('synced');
    await app.stop();
    // A locked keychain is not an empty one: no key was written over the one it holds.
    const log = fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8');
    expect(log).not.toMatch(/store\.key_put_back/);

    // Still locked at the next start: the quotes cannot be opened, and the salesperson is told
    // why and what to do — the file as it was.
    const file = path.join(dataDir, 'stores', 'demo', 'quotedesk.sqlite');
    const bytes = fs.readFileSync(file);
    const locked = await start(dataDir);
    await expectAnswering(locked);
    const lockedAccess = await locked.value('storeAccess.status');
    expect(lockedAccess).toMatchObject({ state: 'locked', reason: 'missing-key' });
    expectNoRawText('storeAccess.status', lockedAccess);
    expect(lockedAccess.message).toMatch(/keychain cannot be reached/);
    expect(lockedAccess.message).toMatch(/Unlock/);
    await locked.stop();
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    ring().unlock();
    const again = await start(dataDir);
    expect(await again.value('storeAccess.status')).toMatchObject({ state: 'open' });
    const quote = await again.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(acked.at(-1));
    await settled(again);
  });
});
