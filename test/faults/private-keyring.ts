// A keychain of the case's own: a session bus and a gnome-keyring on it, so a case can lock it
// (as a screen lock or a keyring timeout does) without locking the keyring the other suites
// share. Locked, the real daemon refuses every read with its own "unlock prompt dismissed"
// (no prompter on a headless machine) — the same answer a salesperson's app gets when the
// user dismisses the unlock prompt. Unlocked again the way a login does: the daemon started
// anew with the password on its standard input.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PASSWORD = 'quotedesk-test';

export interface PrivateKeyring {
  /** The environment an app (or a keytar call) uses to reach this keyring. */
  env: Record<string, string>;
  lock(): void;
  /** As a login would: the daemon replaced by one started with the password. */
  unlock(): void;
  stop(): void;
}

function startDaemon(env: NodeJS.ProcessEnv, replace: boolean): void {
  // `--unlock` reads the login password from stdin, then the daemon forks and goes on.
  execFileSync(
    'gnome-keyring-daemon',
    [...(replace ? ['--replace'] : []), '--unlock', '--components=secrets', '--daemonize'],
    { env, input: PASSWORD, stdio: ['pipe', 'ignore', 'ignore'], timeout: 10_000 },
  );
}

export async function privateKeyring(): Promise<PrivateKeyring> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-keyring-'));
  const runtime = path.join(home, 'run');
  const data = path.join(home, 'data');
  fs.mkdirSync(runtime, { mode: 0o700 });
  fs.mkdirSync(data);
  // The bus's address is chosen here, and the bus itself runs in the private environment: a
  // call that reaches it while no keyring is registered (the gap while one replaces another)
  // makes it start a gnome-keyring of its own, which must find this keyring's runtime and data
  // folders — never the shared keyring's, which it would otherwise take over.
  const address = `unix:path=${path.join(runtime, 'bus')}`;
  const env = { DBUS_SESSION_BUS_ADDRESS: address, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: data };
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--nopidfile', `--address=${address}`, '--print-address=1'],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...env } },
  );
  await new Promise<void>((resolve, reject) => {
    let text = '';
    bus.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\n')) resolve();
    });
    bus.once('exit', (code) => reject(new Error(`dbus-daemon ended (${code})`)));
  });
  const full = { ...process.env, ...env };
  startDaemon(full, false);
  const call = (method: string, arg: string) =>
    execFileSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.secrets',
        '/org/freedesktop/secrets',
        `org.freedesktop.Secret.Service.${method}`,
        arg,
      ],
      { env: full, stdio: 'ignore', timeout: 10_000 },
    );
  return {
    env,
    lock: () => call('Lock', 'array:objpath:/org/freedesktop/secrets/collection/login'),
    unlock: () => startDaemon(full, true),
    stop: () => {
      // The daemon leaves when its session bus goes.
      bus.kill();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
