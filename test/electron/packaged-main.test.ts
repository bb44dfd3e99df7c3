// The bundled main process (out/main/app.cjs), as the installer ships it, started under Node
// with a recording stand-in for the `electron` module — the one fake here: the Electron
// runtime cannot be downloaded on every machine that runs the tests. Everything behind it is
// real: the core, the SQLite store, the embedded Quoting API (the bundled server, forked as
// Electron forks a utility process), the keychain when there is one.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_CHANNEL, EVENT_CHANNEL } from '../../common/ipc';
import { CRASH_PAGE_URL } from '../../main/electron/faults';
import { APP_ENTRY_URL } from '../../main/electron/protocol-paths';
import { pdfText } from '../proposal/helpers';
import { pdfBytes } from '../services/harness';
import { DEMO } from '../helpers/server-api';
import { keychainGate } from '../vault/keychain-required';
import { buildPackagedOut, type PackagedOut } from './packaged-build';
import { loadBundledApp, type LoadedApp } from './standin/load-app';
import type { ElectronStandin } from './standin/electron';

let built: PackagedOut;
const dirs: string[] = [];
const tempDir = (name = 'qd-packaged-main-') => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  built = await buildPackagedOut({ renderer: true });
}, 300_000);
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  built?.remove();
});

async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  tries = 300,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

type Result =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; field?: string; message: string } };

/** Calls the app's IPC handler as the window's main frame (or another frame) would. */
function invoke(
  s: ElectronStandin,
  name: string,
  input?: unknown,
  mainFrame = true,
): Promise<Result> {
  const handler = s.ipcHandler(INVOKE_CHANNEL)!;
  const win = s.windows[0]!;
  const event = {
    sender: win.webContents,
    senderFrame: mainFrame ? win.webContents.mainFrame : { url: 'quotedesk://app/index.html' },
  };
  return handler(event, name, input) as Promise<Result>;
}

const sentEvents = (s: ElectronStandin, name: string) =>
  s.windows[0]!.webContents.sent.filter(
    (m) => m.channel === EVENT_CHANNEL && (m.payload as { event: string }).event === name,
  ).map((m) => (m.payload as { payload: unknown }).payload);

describe('the packaged main process with a stand-in Electron (the one fake: no Electron runtime here)', () => {
  let loaded: LoadedApp;
  let s: ElectronStandin;
  let dataDir: string;
  const scratch = tempDir('qd-packaged-files-');
  const pdf = path.join(scratch, 'Datasheet.pdf');
  const zipTarget = path.join(scratch, 'Quote attachments.zip');
  fs.writeFileSync(pdf, pdfBytes('picked in the dialog'));

  beforeAll(async () => {
    dataDir = tempDir();
    loaded = loadBundledApp(built.appCjs, dataDir, {
      messageBoxResponse: 1,
      openPaths: [pdf],
      savePath: zipTarget,
    });
    s = loaded.standin;
  });
  afterAll(async () => {
    await loaded?.unload();
  }, 60_000);

  it('starts: whenReady → core → embedded server → protocol → window with the secure options', async () => {
    expect(s.called('app.requestSingleInstanceLock')).toHaveLength(1);
    expect(s.called('protocol.registerSchemesAsPrivileged')).toHaveLength(1);
    // The window's script compiled once, not at every start: Electron keeps V8's code cache
    // for a scheme that asks for it (the UI bench's launch figure counts on it).
    expect(s.called('protocol.registerSchemesAsPrivileged')[0]!.args).toEqual([
      [
        expect.objectContaining({
          scheme: 'quotedesk',
          privileges: expect.objectContaining({ codeCache: true, secure: true, standard: true }),
        }),
      ],
    ]);
    expect(s.windows).toHaveLength(0);
    s.electron.app.emitReady();
    await until(
      'the window',
      () => s.windows.length > 0 || s.called('dialog.showErrorBox').length > 0,
    );
    expect(s.called('dialog.showErrorBox')).toEqual([]);
    const order = s.calls.map((c) => c.what);
    const at = (what: string) => order.indexOf(what);
    expect(at('app.whenReady')).toBeGreaterThanOrEqual(0);
    expect(at('utilityProcess.fork')).toBeGreaterThan(at('app.whenReady'));
    expect(at('protocol.handle')).toBeGreaterThan(at('utilityProcess.fork'));
    expect(at('ipcMain.handle')).toBeGreaterThan(at('protocol.handle'));
    expect(at('BrowserWindow.new')).toBeGreaterThan(at('ipcMain.handle'));
    // The embedded server is the bundled one, forked as a utility process (no RUN_AS_NODE).
    const [modulePath, args] = s.called('utilityProcess.fork')[0]!.args as [string, string[]];
    expect(modulePath).toBe(built.serverCjs);
    expect(args).toEqual(expect.arrayContaining(['--parent-pid', String(process.pid)]));
    const options = s.windows[0]!.options as { webPreferences: Record<string, unknown> };
    expect(options.webPreferences).toMatchObject({
      preload: path.join(built.out, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(s.called('BrowserWindow.loadURL')[0]!.args[0]).toBe(APP_ENTRY_URL);
  }, 120_000);

  it('serves index.html on quotedesk:// with its CSP, and nothing outside the renderer', async () => {
    const handle = s.protocolHandler('quotedesk')!;
    const page = await handle(new Request(APP_ENTRY_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module"[^>]+src="[^"]*assets\/index-[^"]+\.js"/);
    const escape = await handle(new Request('quotedesk://app/..%2f..%2fmain/app.cjs'));
    expect(escape.status).toBe(404);
  });

  it('answers quotes.list from the main frame with the demo quotes, and refuses a subframe', async () => {
    const content = await until('the demo quotes', async () => {
      const r = await invoke(s, 'quotes.list', {});
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const list = (r.value as { content: Array<{ referenceCode?: string }> }).content;
      return list.length > 0 ? list : null;
    });
    expect(content.some((q) => /^Q-\d{4}-\d{6}$/.test(q.referenceCode ?? ''))).toBe(true);
    const refused = await invoke(s, 'quotes.list', {}, false);
    expect(refused).toMatchObject({ ok: false, error: { code: 'AUTH' } });
  }, 120_000);

  it('makes a proposal PDF with the PDF libraries and fonts it ships beside main', async () => {
    const created = await until('the catalogue', async () => {
      const r = await invoke(s, 'quotes.create', { clientId: DEMO.clients.acme });
      return r.ok ? (r.value as { header: { id: string; client: { name: string } } }) : null;
    });
    const r = await invoke(s, 'proposal.render', {
      quoteId: created.header.id,
      locale: 'en-US',
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const pdf = Buffer.from((r.value as { base64: string }).base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(created.header.client.name);
  }, 120_000);

  it("notifies of a quote that newly needs attention with Electron's Notification; a click opens Needs attention", async () => {
    const value = async (name: string, input?: unknown) => {
      const r = await invoke(s, name, input);
      if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
      return r.value as Record<string, unknown>;
    };
    const created = (await value('quotes.create', { clientId: DEMO.clients.acme })) as {
      header: { id: string };
    };
    // The end of the day three calendar days ahead, as the editor saves an expiry date.
    const day = new Date();
    day.setDate(day.getDate() + 3);
    day.setHours(23, 59, 59, 0);
    const soon = day.toISOString();
    await value('quotes.updateHeader', { quoteId: created.header.id, expiresOn: soon });
    // Told at start and after a profile switch (then once a day): opening the profile again.
    const { activeId } = (await value('profiles.list')) as { activeId: string };
    await value('profiles.switch', { profileId: activeId });
    const shown = await until('the notification', () =>
      s.notifications.find((n) => n.options.body.includes('Expires in 3 days')),
    );
    expect(shown.options.title).toBe('A quote needs your attention');
    expect(shown.options.body).toMatch(
      /^Acme Dental Group \((Q-\d{4}-\d{6}|not yet synced)\): Expires in 3 days$/,
    );
    // Told once: another switch shows nothing new.
    const count = s.notifications.length;
    await value('profiles.switch', { profileId: activeId });
    await new Promise((r) => setTimeout(r, 500));
    expect(s.notifications).toHaveLength(count);
    const focused = s.windows[0]!.focused;
    shown.click();
    expect(s.windows[0]!.focused).toBe(focused + 1);
    expect(sentEvents(s, 'app.command')).toContainEqual({ command: 'openNeedsAttention' });
  }, 120_000);

  it('with a system keychain, keeps the store key there: nothing to choose at first start', async (ctx) => {
    const gate = await keychainGate();
    if (!gate.run) ctx.skip();
    const keychain = await invoke(s, 'profiles.keychainStatus');
    expect(keychain).toMatchObject({ ok: true, value: { available: true } });
    const access = await invoke(s, 'storeAccess.status');
    expect(access).toMatchObject({ ok: true, value: { state: 'open', protection: 'keychain' } });
  });

  it('reads and writes only paths its own dialogs handed out', async () => {
    await until('the catalogue', async () => {
      const r = await invoke(s, 'quotes.create', { clientId: DEMO.clients.acme });
      return r.ok ? r : null;
    });
    const created = (await invoke(s, 'quotes.list', { search: 'Acme' })) as {
      ok: true;
      value: { content: Array<{ id: string }> };
    };
    const quoteId = created.value.content[0]!.id;
    const notPicked = await invoke(s, 'attachments.addFromPaths', { quoteId, paths: [pdf] });
    expect(notPicked).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'paths.0' } });
    const library = await invoke(s, 'library.addFromPaths', { paths: ['/etc/passwd'] });
    expect(library).toMatchObject({ ok: false, error: { field: 'paths.0' } });
    const picked = (await invoke(s, 'app.choosePdfFiles', { multiple: false })) as {
      ok: true;
      value: { paths: string[] };
    };
    expect(picked.value.paths).toEqual([pdf]);
    const added = await invoke(s, 'attachments.addFromPaths', {
      quoteId,
      paths: picked.value.paths,
    });
    expect(added.ok).toBe(true);
    const elsewhere = await invoke(s, 'attachments.saveZip', {
      quoteId,
      path: path.join(scratch, 'other.zip'),
    });
    expect(elsewhere).toMatchObject({ ok: false, error: { field: 'path' } });
    expect(fs.existsSync(path.join(scratch, 'other.zip'))).toBe(false);
    const target = (await invoke(s, 'app.chooseSavePath', { defaultName: 'x.zip' })) as {
      ok: true;
      value: { path: string };
    };
    const saved = await invoke(s, 'attachments.saveZip', { quoteId, path: target.value.path });
    expect(saved.ok).toBe(true);
    expect(fs.readFileSync(zipTarget).subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  it('opens a link outside only right after a key press or click, one link per gesture', async () => {
    const url = 'https://northwind.example/help';
    const before = await invoke(s, 'app.openExternal', { url });
    expect(before.ok).toBe(false);
    s.windows[0]!.webContents.emit('before-input-event', {}, { type: 'keyDown', key: 'Enter' });
    expect((await invoke(s, 'app.openExternal', { url })).ok).toBe(true);
    expect((await invoke(s, 'app.openExternal', { url })).ok).toBe(false);
    s.windows[0]!.webContents.emit('before-mouse-event', {}, { type: 'mouseDown', x: 1, y: 1 });
    expect((await invoke(s, 'app.openExternal', { url })).ok).toBe(true);
    expect(s.called('shell.openExternal')).toHaveLength(2);
  });

  it('a navigation or a new window leaves the app only right after a gesture, as openExternal does', () => {
    const wc = s.windows[0]!.webContents;
    const opened = () => s.called('shell.openExternal').map((c) => c.args[0]);
    const n = opened().length;
    const navigate = (url: string) => {
      let prevented = false;
      wc.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    // A page gone wrong, with no user input: nothing leaves.
    expect(navigate('https://evil.example/a')).toBe(true);
    expect(wc.windowOpenHandler!({ url: 'https://evil.example/b' })).toEqual({ action: 'deny' });
    expect(opened()).toHaveLength(n);
    // A click, then the link it followed: that one opens, and the gesture is spent.
    wc.emit('before-mouse-event', {}, { type: 'mouseDown', x: 1, y: 1 });
    navigate('https://northwind.example/docs');
    wc.windowOpenHandler!({ url: 'https://evil.example/c' });
    expect(opened().slice(n)).toEqual(['https://northwind.example/docs']);
    wc.emit('before-input-event', {}, { type: 'keyDown', key: 'Enter' });
    wc.windowOpenHandler!({ url: 'https://northwind.example/new' });
    expect(opened().slice(n)).toEqual([
      'https://northwind.example/docs',
      'https://northwind.example/new',
    ]);
  });

  it('a crashed window reloads once, then shows the error page with Reload', async () => {
    const win = s.windows[0]!;
    const loads = s.called('BrowserWindow.loadURL').length;
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(win.webContents.reloads).toBe(1);
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(win.webContents.reloads).toBe(1);
    expect(
      s
        .called('BrowserWindow.loadURL')
        .slice(loads)
        .map((c) => c.args[0]),
    ).toEqual([CRASH_PAGE_URL]);
    const page = await s.protocolHandler('quotedesk')!(new Request(CRASH_PAGE_URL));
    const html = await page.text();
    expect(html).toContain('stopped working');
    expect(html).toMatch(/<a [^>]*href="quotedesk:\/\/app\/index.html"[^>]*>Reload<\/a>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('a hung window asks: wait or reload (here: reload)', async () => {
    const win = s.windows[0]!;
    const reloads = win.webContents.reloads;
    win.emit('unresponsive');
    await until('the question', () => s.called('dialog.showMessageBox').length > 0);
    const box = s.called('dialog.showMessageBox')[0]!.args[0] as { buttons: string[] };
    expect(box.buttons).toEqual(['Wait', 'Reload']);
    await until('the reload', () => win.webContents.reloads > reloads);
    expect(win.webContents.crashes).toBe(1);
  });

  it('an error that escapes in main (a timer, a listener) is logged without its words, said once in the window, and the app answers on', async () => {
    const shown = s.called('dialog.showErrorBox').length;
    const faultsBefore = sentEvents(s, 'app.fault').length;
    // What the process hands to main's handlers when an error escapes a timer, a listener or a
    // promise (vitest has handlers of its own on this process: thrown for real in test/faults).
    const onUncaught = process.listeners('uncaughtException').slice(-1)[0] as (e: Error) => void;
    const onRejection = process.listeners('unhandledRejection').slice(-1)[0] as (
      e: unknown,
    ) => void;
    onUncaught(new Error('boom in main: Northwind Dental'));
    onUncaught(new TypeError('boom in a listener: Northwind Dental'));
    onRejection(new Error('rejected in main: Northwind Dental'));
    await until(
      'the faults to be logged',
      () =>
        fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8').split('core.fault')
          .length > 3,
    );
    const logText = fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8');
    // The words may name a client: the log keeps the kind and the place, never the text.
    expect(logText).not.toContain('Northwind Dental');
    expect(logText).toMatch(/"event":"core.fault","where":"uncaught_exception","name":"Error"/);
    // Told in the window, not in a modal box that would stop main answering.
    expect(s.called('dialog.showErrorBox').slice(shown)).toHaveLength(0);
    const told = sentEvents(s, 'app.fault').slice(faultsBefore) as { message: string }[];
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.message).toMatch(/kept running/);
    // The same fault again is logged, not said again.
    onUncaught(new TypeError('boom in a listener: Northwind Dental'));
    expect(sentEvents(s, 'app.fault').slice(faultsBefore)).toHaveLength(told.length);
    expect(s.electron.app.hasQuit).toBe(false);
    expect((await invoke(s, 'app.info')).ok).toBe(true);
    expect((await invoke(s, 'quotes.list', { account: 'partner' })).ok).toBe(true);
  });

  it('a second launch focuses this window', () => {
    const focused = s.windows[0]!.focused;
    s.electron.app.emit('second-instance', {}, [], '');
    expect(s.windows[0]!.focused).toBe(focused + 1);
  });

  it('restarts the embedded server when its process dies, and says so in the status bar', async () => {
    const first = s.forks[0]!;
    first.kill('SIGKILL');
    const restarting = await until('the restarting notice', () =>
      sentEvents(s, 'embedded.state').find((e) => (e as { state: string }).state === 'restarting'),
    );
    expect((restarting as { message: string }).message).toMatch(/starting it again in 1 s/);
    await until('a second fork', () => s.called('utilityProcess.fork').length > 1, 300);
    await until('running again', () =>
      sentEvents(s, 'embedded.state').find((e) => (e as { state: string }).state === 'running'),
    );
    expect(s.forks[1]!.exitCode).toBeNull();
    const info = (await invoke(s, 'profiles.test', { profileId: 'demo' })) as {
      ok: true;
      value: { ok: boolean };
    };
    expect(info.value.ok).toBe(true);
  }, 120_000);

  it('when its port was taken meanwhile, the server comes back elsewhere and the demo connection follows', async () => {
    const info = (await invoke(s, 'app.info')) as {
      ok: true;
      value: { embeddedServerUrl: string };
    };
    const oldPort = Number(new URL(info.value.embeddedServerUrl).port);
    const running = sentEvents(s, 'embedded.state').length;
    const current = s.forks.at(-1)!;
    const exited = new Promise((r) => current.once('exit', r));
    current.kill('SIGKILL');
    await exited;
    // Something else takes the port before the restart.
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(oldPort, '127.0.0.1', () => r()));
    try {
      await until(
        'running again',
        () =>
          sentEvents(s, 'embedded.state')
            .slice(running)
            .find((e) => (e as { state: string }).state === 'running'),
        300,
      );
      const moved = await until('the demo connection on the new address', async () => {
        const r = (await invoke(s, 'profiles.test', { profileId: 'demo' })) as {
          ok: true;
          value: { ok: boolean };
        };
        return r.value.ok ? r : null;
      });
      expect(moved.value.ok).toBe(true);
      const after = (await invoke(s, 'app.info')) as {
        ok: true;
        value: { embeddedServerUrl: string };
      };
      expect(Number(new URL(after.value.embeddedServerUrl).port)).not.toBe(oldPort);
      const list = (await invoke(s, 'quotes.list', {})) as { ok: boolean };
      expect(list.ok).toBe(true);
    } finally {
      squatter.close();
    }
  }, 120_000);

  it('quits cleanly: the embedded server ends with the app', async () => {
    s.electron.app.quit();
    await until('the quit', () => s.electron.app.hasQuit);
    await until('the server to end', () =>
      s.forks.every((c) => c.exitCode !== null || c.signalCode !== null),
    );
  }, 60_000);
});

describe('a start that fails', () => {
  it('tells the user why and where the log is, then quits — never a silent nothing', async () => {
    const dataDir = tempDir();
    // A data directory the core cannot use: its profiles file is a folder.
    fs.mkdirSync(path.join(dataDir, 'connection-profiles.json'));
    const loaded = loadBundledApp(built.appCjs, dataDir);
    const s = loaded.standin;
    try {
      s.electron.app.emitReady();
      await until('the quit', () => s.electron.app.hasQuit);
      const [box] = s.called('dialog.showErrorBox');
      expect(box).toBeDefined();
      expect(String(box!.args[0])).toMatch(/could not start/);
      const content = String(box!.args[1]);
      expect(content).toMatch(/EISDIR/);
      expect(content).toContain(path.join(dataDir, 'logs', 'quotedesk.log'));
      expect(s.windows).toHaveLength(0);
      expect(fs.readFileSync(path.join(dataDir, 'logs', 'quotedesk.log'), 'utf8')).toContain(
        'app.start_failed',
      );
    } finally {
      await loaded.unload();
    }
  }, 60_000);

  it('even when the data folder cannot hold a log, the user is told why', async () => {
    const notAFolder = path.join(tempDir(), 'quotedesk-data');
    fs.writeFileSync(notAFolder, 'a file where the data folder should be');
    const loaded = loadBundledApp(built.appCjs, notAFolder);
    const s = loaded.standin;
    try {
      s.electron.app.emitReady();
      await until('the quit', () => s.electron.app.hasQuit);
      const [box] = s.called('dialog.showErrorBox');
      expect(String(box!.args[1])).toMatch(/EEXIST|ENOTDIR/);
      expect(String(box!.args[1])).toContain(notAFolder);
      expect(s.windows).toHaveLength(0);
    } finally {
      await loaded.unload();
    }
  }, 60_000);

  it('a second instance quits at once and opens nothing', async () => {
    const loaded = loadBundledApp(built.appCjs, tempDir(), { singleInstance: false });
    const s = loaded.standin;
    try {
      expect(s.called('app.quit')).toHaveLength(1);
      expect(s.called('app.whenReady')).toHaveLength(0);
      expect(s.windows).toHaveLength(0);
    } finally {
      await loaded.unload();
    }
  });
});
