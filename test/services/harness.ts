// Drives the core exactly as a transport does: through `dispatch`, with results as values.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  calls,
  type CallName,
  type EventName,
  type IpcError,
  type IpcInput,
  type IpcOutput,
} from '../../common/ipc';
import { createCore, type Core, type CoreOptions, type Platform } from '../../main/core';
import type { StartedServer } from '../helpers/server';
import { DEMO } from '../helpers/server-api';

export interface Harness {
  core: Core;
  dataDir: string;
  events: Array<{ event: EventName; payload: unknown }>;
  call<N extends CallName>(
    name: N,
    input?: IpcInput<N>,
    via?: 'test' | 'browser',
  ): Promise<IpcOutput<N>>;
  refuse<N extends CallName>(name: N, input?: unknown, via?: 'test' | 'browser'): Promise<IpcError>;
  waitFor<T>(
    what: string,
    probe: () => Promise<T | undefined | null | false>,
    tries?: number,
  ): Promise<T>;
  close(): Promise<void>;
}

/**
 * OS dialogs cannot be driven in a test run: this platform answers them with prepared
 * paths (a fake of the file dialog, and only of it) and records links it was asked to open.
 */
export function fakeDialogPlatform(
  files: string[],
  savePath: string | null,
  opened: string[],
): Platform {
  return {
    mode: 'electron',
    choosePdfFiles: async (multiple) => (multiple ? files : files.slice(0, 1)),
    chooseSavePath: async () => savePath,
    openExternal: async (url) => {
      opened.push(url);
    },
  };
}

export async function startHarness(
  opts: Partial<CoreOptions> & { platform: Platform },
): Promise<Harness> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'qd-core-'));
  // Without a keychain (a run outside dbus-run-session) the store stays unencrypted rather
  // than waiting at the first-start choice; inside one it is encrypted as in the app.
  const core = await createCore({ withoutKeychain: 'unencrypted', ...opts, dataDir });
  const events: Harness['events'] = [];
  core.hub.subscribe((event, payload) => events.push({ event, payload }));
  const h: Harness = {
    core,
    dataDir,
    events,
    async call(name, input, via = 'test') {
      const res = await core.dispatch(name, input, { via });
      if (!res.ok) throw new Error(`${name} failed: ${JSON.stringify(res.error)}`);
      // Every answer must be what the contract says it is.
      const parsed = calls[name].output.safeParse(res.value);
      if (!parsed.success)
        throw new Error(`${name} answered off-contract: ${parsed.error.message}`);
      return res.value as IpcOutput<typeof name>;
    },
    async refuse(name, input, via = 'test') {
      const res = await core.dispatch(name, input, { via });
      expect(res.ok, `${name} should have been refused`).toBe(false);
      return (res as { ok: false; error: IpcError }).error;
    },
    async waitFor(what, probe, tries = 150) {
      for (let i = 0; i < tries; i++) {
        const v = await probe();
        if (v !== undefined && v !== null && v !== false) return v as never;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`gave up waiting for ${what}`);
    },
    async close() {
      await core.close();
      if (!opts.dataDir && !process.env.QUOTEDESK_KEEP_TEST_DATA)
        fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

/** Adds the connection "Northwind" to `server` as Ada and switches to it, as Settings does. */
export async function connectNorthwind(h: Harness, server: StartedServer): Promise<string> {
  const profile = await h.call('profiles.add', {
    name: 'Northwind',
    baseUrl: server.baseUrl,
    clientId: DEMO.ada.clientId,
    clientSecret: DEMO.ada.secret,
    caPem: server.ca,
  });
  await h.call('profiles.switch', { profileId: profile.id });
  return profile.id;
}

/** A small but real PDF (the store checks the content, not the name). */
export function pdfBytes(tag: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${tag}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
