// When the window's page has what it loads first. Browser mode's bridge listens before the core
// is loaded and opened (main/bridge/browser-app.ts): the page's HTML and scripts are served at
// once, and the core loads while the browser parses and runs them — the two take about as long,
// and on two cores they overlap. Loading the core means a few hundred ms of synchronous
// module evaluation in this process, which would hold up every file the page asks for meanwhile; so it
// waits until the page's files are all answered: at once when the files its HTML names
// (`firstFiles`: its scripts, the modules it preloads, its styles) are, at once when the HTML
// was answered "not modified" (the browser holds the page, and its scripts with it: it asks
// for none of them), else once none is in flight and none asked for within `QUIET_MS` of the
// last, or `NO_PAGE_MS` when no page asks at all (a start whose window opens later, or none: a
// call that needs the core starts it at once, browser-app's dispatch).
import fs from 'node:fs';
import path from 'node:path';

/** A page asks for its scripts within a few ms of its HTML, and for all of them together. */
const QUIET_MS = 30;
/**
 * No page this soon after listening: the core loads without waiting for one (a browser asked to
 * open the address takes a moment to ask; a busy machine's more).
 */
const NO_PAGE_MS = 400;

export interface PageServedWatch {
  /** A static file's answer started. */
  started(): void;
  /**
   * A static file's answer ended (sent, or the connection closed): its path, `/index.html`…;
   * `held`: answered "not modified", the browser holds it.
   */
  finished(file: string, held?: boolean): void;
  stop(): void;
}

/**
 * The files the page's HTML names (`./assets/…` in a `src` or `href`), as the bridge's paths:
 * what a browser asks for before the page's first call. None when there is no HTML.
 */
export function firstFilesOf(staticDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/\b(?:src|href)="\.?\/(assets\/[^"?#]+)"/g)].map((m) => `/${m[1]}`);
}

/**
 * Calls `served` once: after the page's first files are answered (`firstFiles`, see
 * `firstFilesOf`), or when no page asks.
 */
export function watchPageServed(
  served: () => void,
  firstFiles: readonly string[] = [],
): PageServedWatch {
  let inFlight = 0;
  let assetServed = false;
  let done = false;
  const awaited = new Set(firstFiles);
  let timer: NodeJS.Timeout | undefined = setTimeout(fire, NO_PAGE_MS);
  function fire(): void {
    if (done) return;
    done = true;
    clearTimeout(timer);
    served();
  }
  return {
    started() {
      if (done) return;
      inFlight++;
      clearTimeout(timer);
    },
    finished(file, held = false) {
      if (done) return;
      inFlight = Math.max(0, inFlight - 1);
      const asset = file !== '/index.html';
      // The page came from the browser's cache: so do the files it names.
      if (!asset && held) return fire();
      assetServed ||= asset;
      // Every file the HTML names answered: nothing more to wait for. Some still to come (a
      // browser asks for six at a time): a pause between them is not the page's end.
      if (asset && awaited.delete(file) && awaited.size === 0) return fire();
      if (inFlight > 0) return;
      const waiting = assetServed && awaited.size > 0 && awaited.size < firstFiles.length;
      timer = setTimeout(fire, assetServed && !waiting ? QUIET_MS : NO_PAGE_MS);
    },
    stop() {
      done = true;
      clearTimeout(timer);
    },
  };
}
