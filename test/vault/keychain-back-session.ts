// Run as a child process by keychain-back.test.ts on the session bus of a keyring of the case's
// own (the binding keeps the bus it first reached, so the case's own process cannot switch).
// `first`: saves two entries, then waits for "locked" on stdin, reads, saves and deletes while
// the keyring is locked, then waits for "unlocked" and reads again. `next`: reads what a next start finds.
// Prints a JSON line after each step.
import { createInterface } from 'node:readline';
import { openKeychain } from '../../main/vault';

const [service, mode] = process.argv.slice(2) as [string, 'first' | 'next'];
const say = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const heard = async (word: string) => {
  const { value } = await lines.next();
  if (value !== word) throw new Error(`expected "${word}" on stdin, got ${String(value)}`);
};
/** `read` again every 100 ms until `done` says so, for at most `ms`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  let v = await read();
  for (const end = Date.now() + ms; !done(v) && Date.now() < end; v = await read())
    await new Promise((r) => setTimeout(r, 100));
  return v;
}

const kc = await openKeychain({ service });
if (mode === 'first') {
  await kc.set('profile-a', 'secret-a');
  await kc.set('profile-c', 'secret-c');
  say({ status: await kc.status() });
  await heard('locked');
  // The daemon takes the lock in a moment: reads fail from then on.
  const during = await until(
    () => kc.get('profile-a'),
    (v) => v === undefined,
    5_000,
  );
  const statusLocked = await kc.status();
  await kc.set('profile-b', 'secret-b');
  // A connection removed meanwhile: its secret is gone for the app at once.
  await kc.delete('profile-c');
  say({
    during: during ?? null,
    statusLocked,
    bMeanwhile: (await kc.get('profile-b')) ?? null,
    cMeanwhile: (await kc.get('profile-c')) ?? null,
  });
  await heard('unlocked');
  const after = await until(
    () => kc.get('profile-a'),
    (v) => v === 'secret-a',
    15_000,
  );
  say({ after: after ?? null, statusAfter: await kc.status() });
} else {
  say({
    a: (await kc.get('profile-a')) ?? null,
    b: (await kc.get('profile-b')) ?? null,
    c: (await kc.get('profile-c')) ?? null,
  });
  await kc.delete('profile-a');
  await kc.delete('profile-b');
}
process.exit(0);
