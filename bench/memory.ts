// What the app holds on a salesperson's laptop, measured on its own processes: the core (bundled
// as main is, on plain Node, `parts/core-process.ts`), its embedded Quoting API (the bundled
// server, seeded with the partner's 10,000 quotes) and the renderer in Chromium (JS heap through
// the DevTools protocol, process RSS from /proc). Three moments: right after a first sign-in of
// 10,000 quotes, idle after a restart with them held, and through a scripted hour compressed
// (10,000 edits across 200 quotes, the list scrolled, PDF previews opened and closed), sampled
// six times: the last third must not grow over the second (a leak check).
//   QUOTEDESK_BENCH_SCALE=0.05 npm run bench -- memory             (a small run while developing)
//   npm run bench -- memory --snapshots <dir>                      (heap snapshots + summaries)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { QUIET_MS } from '../main/core/heap-trim';
import { launchChromium } from '../test/e2e/browser';
import { ensureRendererBuilt } from '../test/e2e/build';
import { makePdf } from '../test/e2e/pdf';
import { atMost, info, scaled, type Metric, type SuiteOptions } from './lib';
import { grownClasses, summarizeHeap, topClasses } from './parts/heap-summary';
import { seedFile } from './parts/first-sign-in';
import {
  buildBundles,
  MB,
  rendererMemory,
  rendererSnapshot,
  rssOf,
  startCoreChild,
  type CoreChild,
  type CoreMemory,
  type RendererMemory,
} from './parts/app-processes';

export const description =
  "memory of the app's own processes (core, embedded server, renderer): after a 10,000-quote first sign-in, idle with them held, a scripted hour";

const QUOTES = scaled(10_000, 50);
const EDITS = scaled(10_000, 60);
const HOUR_QUOTES = scaled(200, 6);
/** Samples through the hour: two per third. */
const SAMPLES = 6;
/** Every n-th quote of the hour carries a PDF that is previewed. */
const PDF_EVERY = 5;

interface Sample {
  core: CoreMemory;
  serverRss: number;
  renderer: RendererMemory;
}

interface App {
  core: CoreChild;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

async function openApp(browser: Browser, core: CoreChild): Promise<App> {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 900 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(core.pageUrl);
  await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor({ timeout: 60_000 });
  return { core, context, page, cdp };
}

/**
 * Until the core has given back what the burst before left resident: it looks every
 * `QUIET_MS` and does so once allocation has calmed (main/core/heap-trim.ts), as a
 * salesperson's laptop sees it a little after the work. The RSS meanwhile in the notes.
 */
async function settle(core: CoreChild, log: (l: string) => void): Promise<void> {
  const rss: number[] = [];
  for (let t = 0; t < 4 * QUIET_MS + 5000; t += 5000) {
    await new Promise((r) => setTimeout(r, 5000));
    rss.push(Math.round(rssOf(core.pid) / MB));
  }
  log(`  core RSS every 5 s meanwhile: ${rss.join(', ')} MB`);
}

async function sample(app: App, browser: Browser): Promise<Sample> {
  return {
    core: await app.core.memory(),
    serverRss: rssOf(app.core.serverPid()),
    renderer: await rendererMemory(browser, app.cdp),
  };
}

/** Until every quote is listed and held, the sync engine idle, and the list shows them all. */
async function untilHeld(app: App, n: number, log: (l: string) => void): Promise<void> {
  const deadline = Date.now() + 30 * 60_000;
  let last = '';
  for (;;) {
    const s = await app.core.call('sync.status');
    const listed = await app.core.call('quotes.list', { account: 'partner', limit: 1 });
    const note = s.fill ? `${s.fill.held}/${s.fill.total} held` : `${listed.page.totalElements}`;
    if (note !== last) log(`  ${note}`);
    last = note;
    if (s.lastError) throw new Error(`sync stopped: ${s.lastError}`);
    if (!s.fill && !s.running && listed.page.totalElements >= n) break;
    if (Date.now() > deadline) throw new Error('the first sign-in did not finish in 30 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const count = `${n.toLocaleString('en-US')} quotes`;
  await app.page
    .getByTestId('result-count')
    .filter({ hasText: count })
    .waitFor({ timeout: 60_000 });
}

/** Scrolls the list down a few screens and back, as a salesperson looking for a quote does. */
async function scrollList(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const el = document.querySelector('.list-scroll');
    if (!el) return;
    for (let i = 0; i < 12; i++) {
      el.scrollTop += 1500;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 15)));
    }
    el.scrollTop = 0;
  })()`);
}

/** The quotes of the hour: drafts the salesperson edits, each with its line items' ids. */
interface HourQuote {
  id: string;
  ref: string;
  items: string[];
}

async function hourQuotes(core: CoreChild): Promise<HourQuote[]> {
  const out: HourQuote[] = [];
  for (let page = 0; out.length < HOUR_QUOTES; page++) {
    const list = await core.call('quotes.list', {
      account: 'partner',
      status: ['draft'],
      page,
      limit: 100,
    });
    if (list.content.length === 0) throw new Error('not enough draft quotes for the hour');
    for (const q of list.content) {
      if (out.length >= HOUR_QUOTES) break;
      const detail = await core.call('quotes.get', { quoteId: q.id });
      out.push({
        id: q.id,
        ref: detail.header.referenceCode ?? '',
        items: detail.lineItems.map((l) => l.id),
      });
    }
  }
  return out;
}

/**
 * One edit of the editor's kind: a quantity or a note of one of the quote's lines. The first
 * edit of a quote (n = 0) writes a note no line holds yet (`i` is the quote's place in the
 * hour): a quantity it already had would change nothing and leave the quote where it is listed.
 */
function edit(core: CoreChild, q: HourQuote, n: number, i: number): Promise<unknown> {
  const lineItemId = q.items[n % q.items.length]!;
  const patch =
    n === 0
      ? { note: `Opened in the hour as quote ${i}` }
      : n % 2 === 0
        ? { quantity: 1 + (n % 40) }
        : { note: `Call back about line ${n}` };
  return core.call('lineItems.update', { quoteId: q.id, lineItemId, patch });
}

/**
 * Clicks the quote's row and checks the editor shows it: the list may re-sort under the
 * pointer (sync moves quotes up as it reads them back), so a click can land on a neighbour.
 */
async function openFromList(page: Page, q: HourQuote): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await page
      .locator(`[data-quote-id="${q.id}"]`)
      .first()
      .click({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        const file = path.join(os.tmpdir(), 'quotedesk-bench-memory-failed.png');
        await page.screenshot({ path: file });
        const rows = await page
          .locator('[data-quote-id]')
          .evaluateAll((els) => els.slice(0, 5).map((e) => e.textContent));
        throw new Error(
          `${q.ref} not in the list (top rows ${JSON.stringify(rows)}, see ${file}): ${String(error)}`,
        );
      });
    await page.getByTestId('totals').waitFor({ timeout: 60_000 });
    const shown = await page
      .locator('.editor-title .mono')
      .first()
      .textContent()
      .catch(() => null);
    if (!q.ref || shown === q.ref) return;
    if (attempt >= 5) throw new Error(`opened ${shown ?? 'nothing'} instead of ${q.ref}`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Quotes', exact: true })
      .click();
  }
}

async function previewPdf(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Preview ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Preview: ${name}`) });
  await dialog.locator('canvas[data-rendered="true"]').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

// long: the hour's script in order (quotes, list, editor, edits, previews, samples) reads best in one place
async function scriptedHour(
  app: App,
  browser: Browser,
  log: (l: string) => void,
  snapshots: string | null,
): Promise<Sample[]> {
  const { core, page } = app;
  const quotes = await hourQuotes(core);
  const pdfName = (i: number) => `Datasheet ${i}.pdf`;
  for (let i = 0; i < quotes.length; i += PDF_EVERY) {
    await core.call('attachments.addFromBytes', {
      quoteId: quotes[i]!.id,
      files: [{ name: pdfName(i), base64: makePdf(`Datasheet ${i}`, 3).toString('base64') }],
    });
  }
  const perQuote = Math.max(1, Math.round(EDITS / quotes.length));
  const every = Math.max(1, Math.floor(quotes.length / SAMPLES));
  const samples: Sample[] = [];
  for (let i = 0; i < quotes.length; i++) {
    const q = quotes[i]!;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Quotes', exact: true })
      .click();
    await scrollList(page);
    await edit(core, q, 0, i); // the quote comes to the top of the list
    await openFromList(page, q).catch(async (error: unknown) => {
      const top = await core.call('quotes.list', { account: 'partner', limit: 5 });
      const mine = await core.call('quotes.get', { quoteId: q.id });
      throw new Error(
        `${String(error)}\ncore top: ${JSON.stringify(top.content.map((r) => [r.referenceCode, r.updatedOn, r.status]))}\nthis: ${JSON.stringify([mine.header.updatedOn, mine.header.status])}`,
      );
    });
    for (let n = 1; n < perQuote; n++) await edit(core, q, n, i);
    if (i % PDF_EVERY === 0) {
      await previewPdf(page, pdfName(i)).catch(async (error: unknown) => {
        const held = (await core.call('quotes.get', { quoteId: q.id })).attachments;
        await page.screenshot({
          path: path.join(os.tmpdir(), 'quotedesk-bench-memory-failed.png'),
        });
        throw new Error(
          `preview of ${pdfName(i)} failed (the quote holds ${JSON.stringify(held.map((a) => a.name))}): ${String(error)}`,
        );
      });
    }
    if ((i + 1) % every === 0 && samples.length < SAMPLES) {
      samples.push(await sample(app, browser));
      log(`  ${samples.length}/${SAMPLES}: ${describe(samples.at(-1)!)}`);
      if (snapshots && samples.length % 2 === 0) {
        await core.snapshot(path.join(snapshots, `core-${samples.length}.heapsnapshot`));
        await rendererSnapshot(
          app.cdp,
          path.join(snapshots, `renderer-${samples.length}.heapsnapshot`),
        );
      }
    }
  }
  return samples;
}

function describe(s: Sample): string {
  const mb = (b: number) => `${Math.round(b / MB)} MB`;
  const young = s.core.spaces?.new_space;
  return `core RSS ${mb(s.core.rss)} (anon ${mb(s.core.anon ?? 0)}, ${mb(s.core.rssAfterGc ?? 0)} after a full GC), heap ${mb(s.core.heapUsed)} of ${mb(s.core.heapTotal)}${young === undefined ? '' : ` (young ${mb(young)})`}, external ${mb(s.core.external)}; server RSS ${mb(s.serverRss)}; renderer heap ${mb(s.renderer.heapUsed)}, RSS ${mb(s.renderer.rss)}`;
}

/** Heap summaries of the snapshots: the largest classes at the end and what grew. */
function reportSnapshots(dir: string, log: (l: string) => void): void {
  for (const proc of ['core', 'renderer']) {
    const first = summarizeHeap(path.join(dir, `${proc}-2.heapsnapshot`));
    const mid = summarizeHeap(path.join(dir, `${proc}-4.heapsnapshot`));
    const end = summarizeHeap(path.join(dir, `${proc}-${SAMPLES}.heapsnapshot`));
    log(`${proc}: largest at the end of the hour`);
    for (const l of topClasses(end)) log(`  ${l}`);
    log(`${proc}: grown over the second third`);
    for (const l of grownClasses(first, mid)) log(`  ${l}`);
    log(`${proc}: grown over the last third`);
    for (const l of grownClasses(mid, end)) log(`  ${l}`);
  }
}

const mb = (b: number) => Math.round((b / MB) * 10) / 10;
const growth = (from: number, to: number) => Math.round(((to - from) / from) * 1000) / 10;

function momentMetrics(label: string, s: Sample, afterSnapshot = false): Metric[] {
  return [
    // A heap snapshot leaves the core's RSS grown by its own buffers: then it is only shown.
    afterSnapshot
      ? info(`${label}: core RSS (after a heap snapshot)`, mb(s.core.rss), 'MB')
      : atMost(`${label}: core RSS`, mb(s.core.rss), 'MB', 200),
    info(`${label}: core JS heap`, mb(s.core.heapUsed), 'MB'),
    info(`${label}: embedded server RSS`, mb(s.serverRss), 'MB'),
    atMost(`${label}: renderer JS heap`, mb(s.renderer.heapUsed), 'MB', 80),
    info(`${label}: renderer RSS`, mb(s.renderer.rss), 'MB'),
  ];
}

function hourMetrics(samples: Sample[], snapshots: boolean): Metric[] {
  const mid = samples[3]!;
  const end = samples[SAMPLES - 1]!;
  const label = `scripted hour (${EDITS.toLocaleString('en-US')} edits, ${HOUR_QUOTES} quotes)`;
  return [
    ...momentMetrics(`${label}, at the end`, end, snapshots),
    atMost(
      `${label}: core JS heap growth, 2nd → last third`,
      growth(mid.core.heapUsed, end.core.heapUsed),
      '%',
      5,
    ),
    (snapshots ? info : (m: string, v: number, u: string) => atMost(m, v, u, 5))(
      `${label}: core RSS growth, 2nd → last third${snapshots ? ' (after a heap snapshot)' : ''}`,
      growth(mid.core.rss, end.core.rss),
      '%',
    ),
    atMost(
      `${label}: renderer JS heap growth, 2nd → last third`,
      growth(mid.renderer.heapUsed, end.renderer.heapUsed),
      '%',
      5,
    ),
    info(
      `${label}: renderer RSS growth, 2nd → last third`,
      growth(mid.renderer.rss, end.renderer.rss),
      '%',
    ),
  ];
}

function snapshotsDir(args: string[]): string | null {
  const i = args.indexOf('--snapshots');
  if (i < 0) return null;
  const dir = path.resolve(args[i + 1] ?? 'heap-snapshots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export async function run({ args, log }: SuiteOptions): Promise<Metric[]> {
  const snapshots = snapshotsDir(args);
  const staticDir = ensureRendererBuilt();
  log('bundling the core and the server…');
  const bundles = await buildBundles();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-bench-memory-'));
  const dataDir = path.join(root, 'app');
  log(`seeding ${QUOTES.toLocaleString('en-US')} quotes for the embedded server…`);
  const seed = seedFile(root, QUOTES);
  const browser = await launchChromium();
  let app: App | null = null;
  const closeApp = async () => {
    await app?.context.close().catch(() => {});
    await app?.core.close();
    app = null;
  };
  try {
    log('first sign-in…');
    app = await openApp(browser, await startCoreChild(bundles, dataDir, staticDir, seed));
    await untilHeld(app, QUOTES, log);
    const heldRss = rssOf(app.core.pid);
    log(`  core RSS as the last quote is held: ${Math.round(heldRss / MB)} MB`);
    await settle(app.core, log);
    const signIn = await sample(app, browser);
    log(`  ${describe(signIn)}`);
    await closeApp();

    log('started again, idle with the quotes held…');
    app = await openApp(browser, await startCoreChild(bundles, dataDir, staticDir, seed));
    await untilHeld(app, QUOTES, log);
    await settle(app.core, log);
    const idle = await sample(app, browser);
    log(`  ${describe(idle)}`);

    log('the scripted hour…');
    const hour = await scriptedHour(app, browser, log, snapshots);
    if (snapshots) reportSnapshots(snapshots, log);
    const n = QUOTES.toLocaleString('en-US');
    return [
      info(`first sign-in of ${n} quotes: core RSS as the last quote is held`, mb(heldRss), 'MB'),
      ...momentMetrics(`after a first sign-in of ${n} quotes`, signIn),
      ...momentMetrics(`idle after start, ${n} quotes held`, idle),
      ...hourMetrics(hour, snapshots !== null),
    ];
  } finally {
    await closeApp().catch(() => {});
    await browser.close().catch(() => {});
    bundles.remove();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
