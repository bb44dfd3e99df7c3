// The keychain locked while a vault runs, then unlocked by a new daemon (a login; gnome-keyring
// started again after a crash), in a real gnome-keyring of the case's own: reads fail meanwhile
// and a secret saved meanwhile waits in memory; once the keychain answers again the vault uses
// it again, what waited is in it for the next start, and what was deleted meanwhile is not.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/server';
import { privateKeyring, type PrivateKeyring } from '../faults/private-keyring';
import { keychainGate } from './keychain-required';

const gate = await keychainGate();
let ring: PrivateKeyring | undefined;
beforeAll(async () => {
  if (gate.run) ring = await privateKeyring();
});
afterAll(() => ring?.stop());

/** The session script on the case's keyring: its JSON lines, and a way to write to it. */
function session(service: string, mode: 'first' | 'next') {
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [path.join(REPO_ROOT, 'test/vault/keychain-back-session.ts'), service, mode],
    { env: { ...process.env, ...ring!.env }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    next: async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>,
    say: (word: string) => child.stdin!.write(`${word}\n`),
    ended: new Promise((r) => child.once('exit', r)),
  };
}

describe.runIf(gate.run)('a keychain locked and unlocked while the app runs', () => {
  it('is used again once it answers: what was saved meanwhile is kept in it, what was deleted is gone', async () => {
    const service = `quotedesk-back-${process.pid}`;
    const first = session(service, 'first');
    expect(await first.next()).toMatchObject({ status: { remembered: true } });

    ring!.lock();
    first.say('locked');
    expect(await first.next()).toMatchObject({
      during: null,
      statusLocked: { remembered: false },
      bMeanwhile: 'secret-b',
      cMeanwhile: null,
    });

    ring!.unlock();
    first.say('unlocked');
    expect(await first.next()).toMatchObject({
      after: 'secret-a',
      statusAfter: { remembered: true },
    });
    await first.ended;

    const next = session(service, 'next');
    // …and the one deleted meanwhile is gone from the keychain too.
    expect(await next.next()).toEqual({ a: 'secret-a', b: 'secret-b', c: null });
    await next.ended;
  }, 90_000);
});
