import { APP_ORIGIN } from './protocol-paths';

/** The window may only ever show the app's own pages. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** Links handed to the OS browser: https only, no credentials in the address. */
export function isOpenableExternal(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && !u.username && !u.password && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface SenderFrameLike {
  url: string;
  /** True for the window's top frame. */
  isMainFrame: boolean;
}

/**
 * Every IPC call must come from the top frame of our own page: an iframe or a page that
 * somehow got navigated elsewhere gets nothing.
 */
export function isTrustedSender(frame: SenderFrameLike | null | undefined): boolean {
  return !!frame && frame.isMainFrame && isAppUrl(frame.url);
}

/** The app's own start page (the crash page's Reload goes there): the one navigation allowed. */
export function isAppEntry(url: string): boolean {
  try {
    const u = new URL(url);
    return isAppUrl(url) && u.pathname === '/index.html';
  } catch {
    return false;
  }
}
