// When the window's page has what it loads first. Browser mode's bridge listens before the core
// is loaded and opened (main/bridge/browser-app.ts): the page's HTML and scripts are served at
// once, and the core loads while the browser parses and runs them — the two take about as long,
// and on two cores they overlap. Loading the core means a few hundred ms of synchronous
// module evaluation in this process, which would hold up every file the page asks for meanwhile; so it
// waits until the page's files are all answered (none in flight, none asked for within
// `QUIET_MS` of the last), or `NO_PAGE_MS` when no page asks at all (a start whose window opens
// later, or none: a call that needs the core starts it at once, browser-app's dispatch).

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
  /** A static file's answer ended (sent, or the connection closed); `asset`: not the HTML. */
  finished(asset: boolean): void;
  stop(): void;
}

/** Calls `served` once: after the page's first files are answered, or when no page asks. */
export function watchPageServed(served: () => void): PageServedWatch {
  let inFlight = 0;
  let assetServed = false;
  let done = false;
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
    finished(asset) {
      if (done) return;
      inFlight = Math.max(0, inFlight - 1);
      assetServed ||= asset;
      if (inFlight === 0) timer = setTimeout(fire, assetServed ? QUIET_MS : NO_PAGE_MS);
    },
    stop() {
      done = true;
      clearTimeout(timer);
    },
  };
}
