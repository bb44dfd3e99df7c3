// QUOTEDESK_POLICY_FILE in the bundled main process, started under the recording stand-in for
// `electron` (the one fake: no Electron runtime here). An installed app reads the policy only
// from the system location, so a user cannot point the variable at a file of their own and
// escape the organisation's locks; from a checkout (`npm start`, tests) the variable counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_CHANNEL } from '../../common/ipc';
import { policyFileLocation, readPolicy } from '../../main/core/policy';
import { buildPackagedOut, type PackagedOut } from './packaged-build';
import { loadBundledApp, type LoadedApp } from './standin/load-app';

let built: PackagedOut;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-packaged-policy-'));
const userPolicy = path.join(root, 'my-own-policy.json');
// What a user would write to lift the organisation's locks (here: no demo connection, and a
// connection of their own, both easy to see).
fs.writeFileSync(
  userPolicy,
  JSON.stringify({
    demoConnection: false,
    connections: [
      {
        name: 'My own server',
        baseUrl: 'https://quotes.example.test',
        audience: 'quotes',
        clientId: 'me',
      },
    ],
  }),
);
const previous = process.env.QUOTEDESK_POLICY_FILE;

beforeAll(async () => {
  built = await buildPackagedOut();
}, 300_000);
afterAll(() => {
  if (previous === undefined) delete process.env.QUOTEDESK_POLICY_FILE;
  else process.env.QUOTEDESK_POLICY_FILE = previous;
  fs.rmSync(root, { recursive: true, force: true });
  built?.remove();
});

async function until<T>(what: string, probe: () => T | undefined | null | false): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

type Ok = { ok: true; value: unknown };

/** Starts the bundled app with QUOTEDESK_POLICY_FILE set; answers its `app.policy` call. */
async function startWithUserPolicy(packaged: boolean) {
  process.env.QUOTEDESK_POLICY_FILE = userPolicy;
  const dataDir = fs.mkdtempSync(path.join(root, packaged ? 'installed-' : 'checkout-'));
  const loaded = loadBundledApp(built.appCjs, dataDir, { packaged });
  const s = loaded.standin;
  s.electron.app.emitReady();
  await until(
    'the window',
    () => s.windows.length > 0 || s.called('dialog.showErrorBox').length > 0,
  );
  expect(s.called('dialog.showErrorBox')).toEqual([]);
  const win = s.windows[0]!;
  const call = async (name: string) => {
    const r = (await s.ipcHandler(INVOKE_CHANNEL)!(
      { sender: win.webContents, senderFrame: win.webContents.mainFrame },
      name,
    )) as Ok;
    expect(r.ok).toBe(true);
    return r.value;
  };
  return { loaded, s, call };
}

describe('QUOTEDESK_POLICY_FILE (the bundled main under the stand-in Electron, the one fake)', () => {
  let loaded: LoadedApp | undefined;
  afterEach(async () => {
    await loaded?.unload();
    loaded = undefined;
  }, 60_000);

  it('is not honoured by an installed app: a user cannot lift the locks with a file of their own', async () => {
    const started = await startWithUserPolicy(true);
    loaded = started.loaded;
    const status = (await started.call('app.policy')) as { status: string; source: unknown };
    // Only the system location counts (there is no policy there on this machine).
    expect(fs.existsSync(policyFileLocation({}, process.platform))).toBe(false);
    expect(status).toMatchObject({ status: 'none', source: null });
    const profiles = JSON.stringify(await started.call('profiles.list'));
    expect(profiles).not.toContain('My own server');
    // The user's `demoConnection: false` did not switch the demo server off either.
    expect(started.s.called('utilityProcess.fork')).toHaveLength(1);
  }, 180_000);

  it('is honoured where the app is not packaged (npm start, tests)', async () => {
    const started = await startWithUserPolicy(false);
    loaded = started.loaded;
    const status = (await started.call('app.policy')) as { status: string; source: unknown };
    expect(status).toMatchObject({ status: 'applied', source: userPolicy });
    expect(JSON.stringify(await started.call('profiles.list'))).toContain('My own server');
  }, 180_000);
});

describe('the policy reading itself', () => {
  it('ignores QUOTEDESK_POLICY_FILE when packaged, on every platform', () => {
    const env = { QUOTEDESK_POLICY_FILE: userPolicy, ProgramData: 'D:\\PD' };
    expect(policyFileLocation(env, 'linux', true)).toBe('/etc/quotedesk/policy.json');
    expect(policyFileLocation(env, 'darwin', true)).toBe(
      '/Library/Application Support/Quotedesk/policy.json',
    );
    expect(policyFileLocation(env, 'win32', true)).toBe('D:\\PD\\Quotedesk\\policy.json');
    expect(readPolicy({ env, platform: 'linux', packaged: true }).status).toBe('none');
    expect(readPolicy({ env, platform: 'linux', packaged: false })).toMatchObject({
      status: 'applied',
      source: userPolicy,
    });
  });
});
