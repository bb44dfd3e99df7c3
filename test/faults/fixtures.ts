// What the fault cases share: an app signed in to its embedded demo server with its quotes
// here, local-only edits made with sync paused, and the checks every case ends with.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CallName, IpcResult } from '../../common/ipc';
import { faultApps, RAW_ERROR_TEXT, until, type StartedApp } from './app';
import { privateKeyring, type PrivateKeyring } from './private-keyring';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `quotedesk-fault-${prefix}-`));
}

/**
 * Waits for the first sync to have brought the catalogue, then makes a new draft for its first
 * client (a quote of this computer's own, as a salesperson starts one); returns its id.
 */
export async function firstQuote(app: StartedApp): Promise<string> {
  const clientId = await until(
    async () => {
      const r = await app.call('catalogue.clients', {});
      return r.ok ? r.value.content[0]?.id : undefined;
    },
    'the demo catalogue',
    60_000,
  );
  const quote = await app.value('quotes.create', { clientId });
  return quote.header.id;
}

/** Edits the intro of `quoteId` with sync paused, `count` times; returns the texts acknowledged. */
export async function localEdits(app: StartedApp, quoteId: string, tag: string, count = 2) {
  await app.value('sync.pause');
  const acked: string[] = [];
  for (let i = 0; i < count; i++) {
    const text = `${tag} edit ${i + 1}`;
    const r = await app.call('quotes.updateHeader', { quoteId, introMessage: text });
    if (r.ok) acked.push(text);
    else throw new Error(`quotes.updateHeader: ${r.error.message}`);
  }
  return acked;
}

/** The answer holds no raw driver or Node text (a message, a field, an event's words). */
export function expectNoRawText(what: string, value: unknown): void {
  const text = JSON.stringify(value) ?? '';
  expect(text, `${what} holds raw error text`).not.toMatch(RAW_ERROR_TEXT);
}

/** The calls a salesperson's screens make all the time, each answered in words or a value. */
export const EVERYDAY_CALLS: CallName[] = [
  'app.info',
  'sync.status',
  'store.health',
  'storeAccess.status',
  'profiles.list',
  'followUps.list',
];

/** Every everyday call answers (the harness aborts after 5 s) with no raw error text. */
export async function expectAnswering(app: StartedApp): Promise<IpcResult<unknown>[]> {
  const answers: IpcResult<unknown>[] = [];
  for (const name of EVERYDAY_CALLS) {
    const r = await app.call(name);
    expectNoRawText(name, r);
    answers.push(r);
  }
  const list = await app.call('quotes.list', { account: 'partner' });
  expectNoRawText('quotes.list', list);
  expect(app.alive(), `the app process ended:\n${app.output()}`).toBe(true);
  return answers;
}

/** The `app.fault` / `store.health` / `sync.state` words the salesperson was shown. */
export function wordsShown(app: StartedApp): string[] {
  const out: string[] = [];
  for (const e of app.events) {
    const p = e.payload;
    if (e.event === 'app.fault' || e.event === 'store.health') {
      if (typeof p.message === 'string') out.push(p.message);
    } else if (e.event === 'sync.state' && typeof p.lastError === 'string') out.push(p.lastError);
  }
  return out;
}

/**
 * Apps started on a gnome-keyring of the case's own (private-keyring.ts), which the case can
 * lock and unlock. The keyring's hooks are registered before the apps', so its apps are killed
 * before the keyring goes (hooks run as a stack).
 */
export function appsOnPrivateKeyring() {
  let ring: PrivateKeyring | undefined;
  beforeAll(async () => {
    ring = await privateKeyring();
  });
  afterAll(() => ring?.stop());
  const launch = faultApps();
  return {
    ring: () => ring!,
    start: (dataDir: string) => launch({ dataDir, env: ring!.env }),
  };
}

/** Sync has nothing left to send and no error to show. */
export const settled = (app: StartedApp) =>
  until(
    async () => {
      const s = await app.value('sync.status');
      return !s.running && s.pendingCount === 0 && !s.lastError;
    },
    'sync to settle',
    30_000,
  );
