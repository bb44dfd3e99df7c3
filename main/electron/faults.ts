// What the shell does when something goes wrong, as plain decisions (tested without Electron).
import { APP_ORIGIN } from './protocol-paths';

/** The page shown after the window's renderer died twice: it says so, and offers Reload. */
export const CRASH_PAGE_URL = `${APP_ORIGIN}/__crashed`;

/**
 * The renderer process is gone: the first time the window simply reloads (most crashes do not
 * repeat); when it dies again within `windowMs` of the last reload, the error page is shown
 * instead of a reload loop. A crash long after a reload counts as a first one again.
 */
export function rendererGoneAction(
  lastReloadAt: number | null,
  now: number,
  windowMs = 60_000,
): 'reload' | 'error-page' {
  return lastReloadAt !== null && now - lastReloadAt < windowMs ? 'error-page' : 'reload';
}

/** Renderer exits that are no fault (the window was closed, the app is quitting). */
export function isExpectedExit(reason: string): boolean {
  return reason === 'clean-exit';
}

/** The words of a fatal error box: what happened, why, and where the log is. */
export function errorBox(
  what: string,
  error: unknown,
  logFile: string,
): { title: string; content: string } {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    title: `Quotedesk: ${what}`,
    content: `${what}.\n\nReason: ${reason}\n\nDetails are in the log: ${logFile}`,
  };
}

/** The answer to "Quotedesk is not responding": button 0 waits, button 1 reloads. */
export const UNRESPONSIVE_BUTTONS = ['Wait', 'Reload'] as const;
export function unresponsiveAction(response: number): 'wait' | 'reload' {
  return response === 1 ? 'reload' : 'wait';
}

/**
 * The crash page: no script (the CSP allows none inline) and no form (nor those): a link to
 * the app's start page, the one navigation the shell lets through.
 */
export function crashPageHtml(reason: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quotedesk stopped</title></head>
<body><main>
<h1>Quotedesk’s window stopped working</h1>
<p>The window’s page ended unexpectedly twice (${esc(reason)}). Your quotes are safe: every
edit is kept on this computer as you make it.</p>
<p><a class="button" role="button" href="${APP_ORIGIN}/index.html">Reload</a></p>
</main></body></html>`;
}

/**
 * An error that repeats (a failing timer, say) is shown once, not as a stream of modal
 * boxes; every occurrence is still logged.
 */
export class ShownErrors {
  private readonly seen = new Set<string>();
  firstTime(error: unknown): boolean {
    const key = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
