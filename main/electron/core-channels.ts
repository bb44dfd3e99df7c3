// The running core reached from Electron: `quotedesk://` serves the renderer and attachment
// bytes, one IPC channel carries calls from the app's own main frame only, the core's events
// go to the window, and the menu's commands reach the UI as `app.command`.
import { app, ipcMain, Menu, protocol, type BrowserWindow } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type AppCommand } from '../../common/ipc';
import type { Core } from '../core/types';
import { securityHeaders } from '../core/csp';
import { CRASH_PAGE_URL, crashPageHtml } from './faults';
import { isTrustedSender } from './navigation';
import { buildMenuTemplate } from './menu-template';
import { APP_SCHEME, resolveProtocolRequest } from './protocol-paths';

/** Must happen before `ready`: our scheme behaves like https (secure origin, fetch, CSP). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        stream: true,
        codeCache: true,
      },
    },
  ]);
}

/** `quotedesk://app/…` (the renderer), `quotedesk://files/<sha256>` and the crash page. */
export function serveAppProtocol(core: Core, outDir: string, crashReason: () => string): void {
  const rendererDir = path.join(outDir, 'renderer');
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.url === CRASH_PAGE_URL) {
      return new Response(crashPageHtml(crashReason()), {
        status: 200,
        headers: { ...securityHeaders(), 'content-type': 'text/html; charset=utf-8' },
      });
    }
    const answer = resolveProtocolRequest(request.url, request.method, {
      rendererDir,
      readBlob: (sha) => core.readBlob(sha),
    });
    if (answer.kind === 'refused') return new Response(null, { status: answer.status });
    const body =
      request.method === 'HEAD'
        ? null
        : answer.kind === 'bytes'
          ? answer.bytes
          : await fs.promises.readFile(answer.path);
    return new Response(body, {
      status: 200,
      headers: { ...securityHeaders(), 'content-type': answer.mimeType },
    });
  });
}

/** One IPC channel in (from the window's main frame on the app page only), the core's events out. */
export function connectIpc(core: Core, window: () => BrowserWindow | null): void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
    const frame = event.senderFrame;
    const trusted = isTrustedSender(
      frame ? { url: frame.url, isMainFrame: frame === event.sender.mainFrame } : null,
    );
    const win = window();
    if (!trusted || !win || event.sender !== win.webContents) {
      core.log.warn('ipc.refused_sender', { url: frame?.url });
      return {
        ok: false,
        error: {
          code: 'AUTH',
          message: 'Refused: the call did not come from the Quotedesk window.',
        },
      };
    }
    return core.dispatch(String(name), input, { via: 'electron' });
  });
  core.hub.subscribe((event, payload) => {
    const win = window();
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, { event, payload });
  });
}

/** The application menu; its commands go to the UI as `app.command` events. */
export function installMenu(window: () => BrowserWindow | null): void {
  const send = (command: AppCommand) => {
    window()?.webContents.send(EVENT_CHANNEL, { event: 'app.command', payload: { command } });
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: 'Quotedesk',
        send,
        isDev: !app.isPackaged,
      }),
    ),
  );
}
