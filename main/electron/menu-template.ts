import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../common/ipc';

export interface MenuInput {
  platform: NodeJS.Platform;
  appName: string;
  /** Forwards a command to the UI (`app.command` event). */
  send: (command: AppCommand) => void;
  isDev?: boolean;
}

/**
 * The application menu: the platform's standard roles (so copy/paste, window and the macOS
 * app menu behave natively) plus Quotedesk's commands with their shortcuts. Undo and redo
 * go to the UI, which undoes quote edits; inside a text field the UI lets the field's own
 * undo run.
 */
export function buildMenuTemplate(input: MenuInput): MenuItemConstructorOptions[] {
  const mac = input.platform === 'darwin';
  const cmd = (
    label: string,
    command: AppCommand,
    accelerator?: string,
  ): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => input.send(command),
  });
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: input.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        cmd('Settings…', 'openSettings', 'CmdOrCtrl+,'),
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: '&File',
    submenu: [
      cmd('New Quote', 'newQuote', 'CmdOrCtrl+N'),
      cmd('Duplicate Quote', 'duplicateQuote', 'CmdOrCtrl+D'),
      cmd('Delete Quote', 'deleteQuote', 'CmdOrCtrl+Backspace'),
      cmd('Present Quote', 'presentQuote', 'CmdOrCtrl+Shift+P'),
      { type: 'separator' },
      cmd('Library', 'openLibrary', 'CmdOrCtrl+Shift+L'),
      cmd('Quote Preferences', 'openPreferences'),
      ...(mac
        ? []
        : [{ type: 'separator' as const }, cmd('Settings…', 'openSettings', 'CmdOrCtrl+,')]),
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  template.push({
    label: '&Edit',
    submenu: [
      cmd('Undo', 'undo', 'CmdOrCtrl+Z'),
      cmd('Redo', 'redo', mac ? 'Shift+Cmd+Z' : 'Ctrl+Shift+Z'),
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      cmd('Find Quotes', 'find', 'CmdOrCtrl+F'),
    ],
  });
  template.push({
    label: '&Sync',
    submenu: [
      cmd('Sync Now', 'syncNow', 'CmdOrCtrl+R'),
      cmd('Conflicts', 'openConflicts', 'CmdOrCtrl+Shift+C'),
    ],
  });
  template.push({
    label: '&View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(input.isDev ? [{ type: 'separator' as const }, { role: 'toggleDevTools' as const }] : []),
    ],
  });
  template.push({ role: 'windowMenu' });
  return template;
}
