import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCsp, securityHeaders } from '../../main/core/csp';
import { buildMenuTemplate } from '../../main/electron/menu-template';
import { isAppUrl, isOpenableExternal, isTrustedSender } from '../../main/electron/navigation';
import { APP_ENTRY_URL, resolveProtocolRequest } from '../../main/electron/protocol-paths';
import { GestureGate, linkRefusal } from '../../main/electron/user-gesture';
import { buildWindowOptions } from '../../main/electron/window-options';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  loadWindowState,
  saveWindowState,
} from '../../main/electron/window-state';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-shell-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('window options', () => {
  const opts = buildWindowOptions({
    preloadPath: '/app/out/preload/index.cjs',
    state: { width: 1000, height: 700, x: 10, y: 20, maximized: false },
    platform: 'linux',
  });

  it('isolates the page: context isolation, sandbox, no Node anywhere, no webview', () => {
    const web = opts.webPreferences!;
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
    expect(web.webviewTag).toBe(false);
    expect(web.preload).toBe('/app/out/preload/index.cjs');
  });

  it('opens at the remembered size and place, hidden until painted', () => {
    expect(opts).toMatchObject({ width: 1000, height: 700, x: 10, y: 20, show: false });
  });
});

describe('remembered window size', () => {
  const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('round-trips through the state file and falls back on garbage', () => {
    const file = path.join(tmp, 'window-state.json');
    saveWindowState(file, { width: 1111, height: 777, x: 5, y: 6, maximized: true });
    expect(loadWindowState(file)).toEqual({
      width: 1111,
      height: 777,
      x: 5,
      y: 6,
      maximized: true,
    });
    fs.writeFileSync(file, '{"width": "huge"');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    expect(loadWindowState(path.join(tmp, 'missing.json'))).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('brings back a window left on a monitor that is gone, and shrinks it to the screen', () => {
    const fitted = fitToDisplays(
      { width: 3000, height: 2000, x: 2500, y: 100, maximized: false },
      displays,
    );
    expect(fitted.x).toBeUndefined();
    expect(fitted.y).toBeUndefined();
    expect(fitted.width).toBe(1920);
    expect(fitted.height).toBe(1080);
    const kept = fitToDisplays(
      { width: 800, height: 600, x: 100, y: 100, maximized: false },
      displays,
    );
    expect(kept).toMatchObject({ x: 100, y: 100, width: 800, height: 600 });
  });
});

describe('content security policy', () => {
  const csp = buildCsp();
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(name + ' '));

  it('allows scripts and connections only from the app itself, nothing inline or eval', () => {
    expect(directive('default-src')).toBe("default-src 'none'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('comes with the other hardening headers', () => {
    const headers = securityHeaders(csp);
    expect(headers['content-security-policy']).toBe(csp);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

describe('custom protocol path checks', () => {
  const rendererDir = path.join(tmp, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html></html>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'a.js'), '');
  fs.writeFileSync(path.join(tmp, 'secret.txt'), 'no');
  fs.symlinkSync(path.join(tmp, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
  const sha = 'a'.repeat(64);
  const blob = path.join(tmp, 'blob.pdf');
  fs.writeFileSync(blob, '%PDF-1.4');
  const roots = {
    rendererDir,
    readBlob: (s: string) => (s === sha ? fs.readFileSync(blob) : null),
  };
  const get = (url: string, method = 'GET') => resolveProtocolRequest(url, method, roots);

  it('serves the renderer entry and its assets', () => {
    expect(get(APP_ENTRY_URL)).toMatchObject({
      kind: 'file',
      mimeType: 'text/html; charset=utf-8',
    });
    expect(get('quotedesk://app/')).toMatchObject({ kind: 'file' });
    expect(get('quotedesk://app/assets/a.js')).toMatchObject({
      kind: 'file',
      path: fs.realpathSync(path.join(rendererDir, 'assets', 'a.js')),
    });
  });

  it('never serves a file outside the renderer folder', () => {
    for (const url of [
      'quotedesk://app/../secret.txt',
      'quotedesk://app/%2e%2e/secret.txt',
      'quotedesk://app/assets/..%2F..%2Fsecret.txt',
      'quotedesk://app/assets%5C..%5C..%5Csecret.txt',
      'quotedesk://app/assets/link.txt',
      'quotedesk://app/%00index.html',
      'quotedesk://app/C:/Windows/win.ini',
    ]) {
      expect(get(url), url).toMatchObject({ kind: 'refused' });
    }
  });

  it('serves attachment bytes only by exact content address', () => {
    expect(get(`quotedesk://files/${sha}`)).toEqual({
      kind: 'bytes',
      bytes: fs.readFileSync(blob),
      mimeType: 'application/pdf',
    });
    expect(get(`quotedesk://files/${'b'.repeat(64)}`)).toMatchObject({
      kind: 'refused',
      status: 404,
    });
    expect(get('quotedesk://files/../secret.txt')).toMatchObject({ kind: 'refused' });
    expect(get(`quotedesk://files/${sha.toUpperCase()}`)).toMatchObject({ kind: 'refused' });
  });

  it('refuses other hosts, writes, ports and credentials', () => {
    expect(get('quotedesk://evil/index.html')).toMatchObject({ kind: 'refused', status: 403 });
    expect(get(APP_ENTRY_URL, 'POST')).toMatchObject({ kind: 'refused', status: 405 });
    expect(get('quotedesk://app:8080/index.html')).toMatchObject({ kind: 'refused' });
    expect(get('quotedesk://user:pw@app/index.html')).toMatchObject({ kind: 'refused' });
    expect(get('file:///etc/passwd')).toMatchObject({ kind: 'refused' });
  });
});

describe('navigation, external links and IPC senders', () => {
  it('keeps the window on the app and opens only https links outside', () => {
    expect(isAppUrl('quotedesk://app/index.html#/quotes')).toBe(true);
    expect(isAppUrl('https://example.com')).toBe(false);
    expect(isAppUrl('quotedesk://files/abc')).toBe(false);
    expect(isOpenableExternal('https://northwind.example/quote/1')).toBe(true);
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@example.com',
      'not a url',
    ]) {
      expect(isOpenableExternal(url), url).toBe(false);
    }
  });

  it('trusts IPC only from the main frame of the app page', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: true })).toBe(true);
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});

describe('one check for every link that leaves the app', () => {
  it('https only, right after a gesture, one link per gesture', () => {
    const g = new GestureGate();
    expect(linkRefusal('https://northwind.example', g, 1_000)).toMatch(/click it or press a key/);
    g.note(1_000);
    expect(linkRefusal('http://northwind.example', g, 1_100)).toMatch(/Only https/);
    expect(linkRefusal('https://northwind.example', g, 1_200)).toBeNull();
    expect(linkRefusal('https://northwind.example', g, 1_300)).not.toBeNull();
    g.note(2_000);
    expect(linkRefusal('https://northwind.example', g, 60_000)).not.toBeNull();
  });
});

describe('application menu', () => {
  const sent: string[] = [];
  const flat = (platform: NodeJS.Platform) =>
    buildMenuTemplate({ platform, appName: 'Quotedesk', send: (c) => sent.push(c) }).flatMap((m) =>
      Array.isArray(m.submenu) ? [m, ...m.submenu] : [m],
    );

  it('has the standard edit roles and the app commands with shortcuts', () => {
    const items = flat('linux');
    const roles = items.map((i) => i.role).filter(Boolean);
    expect(roles).toEqual(
      expect.arrayContaining(['cut', 'copy', 'paste', 'selectAll', 'quit', 'windowMenu']),
    );
    const byLabel = new Map(items.map((i) => [i.label, i]));
    expect(byLabel.get('New Quote')?.accelerator).toBe('CmdOrCtrl+N');
    expect(byLabel.get('Undo')?.accelerator).toBe('CmdOrCtrl+Z');
    expect(byLabel.get('Redo')?.accelerator).toBe('Ctrl+Shift+Z');
    expect(byLabel.get('Sync Now')?.accelerator).toBeDefined();
    (byLabel.get('New Quote')?.click as () => void)();
    expect(sent).toContain('newQuote');
    expect(roles).not.toContain('toggleDevTools');
  });

  it('puts the app menu first on macOS', () => {
    const template = buildMenuTemplate({
      platform: 'darwin',
      appName: 'Quotedesk',
      send: () => {},
    });
    expect(template[0]?.label).toBe('Quotedesk');
    expect(flat('darwin').find((i) => i.label === 'Redo')?.accelerator).toBe('Shift+Cmd+Z');
  });
});
