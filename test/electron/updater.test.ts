// Updates end to end, under the recording stand-in for `electron` (the one fake: there is no
// Electron runtime here; its `net.request` is Node's https, trusting our CA as Chromium trusts
// the OS store). Real: electron-updater itself, its sha512 check and its AppImage install, a
// feed served over HTTPS on 127.0.0.1 with our own CA, the controller and the policy.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateState } from '../../common/ipc';
import type { Policy } from '../../common/policy';
import { EventHub, type Logger } from '../../main/core';
import { events } from '../../common/ipc/events';
import type { UpdatesController } from '../../main/core/updates-port';
import { electronUpdates } from '../../main/electron/updater';
import { ensureTls } from '../../server/tls/certificates';
import type { ElectronStandin } from './standin/electron';
import { installElectronStandin } from './standin/load-app';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-updater-'));
const appImage = path.join(root, 'Quotedesk.AppImage');
const requests: string[] = [];
const feed = new Map<string, Buffer>();
let server: https.Server;
let base = '';
let standin: ElectronStandin;
const saved = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };

const ymlOf = (channel: string) =>
  `${channel}-linux${process.arch === 'x64' ? '' : `-${process.arch}`}.yml`;
const yml = ymlOf('latest');
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

/** A feed folder as an IT department would serve it: the metadata and the AppImage. */
function publish(
  folder: string,
  version: string,
  bytes: Buffer,
  claimed = sha512(bytes),
  channel = 'latest',
): void {
  const file = `Quotedesk-${version}-x86_64.AppImage`;
  feed.set(`/${folder}/${file}`, bytes);
  feed.set(
    `/${folder}/${ymlOf(channel)}`,
    Buffer.from(
      [
        `version: ${version}`,
        'files:',
        `  - url: ${file}`,
        `    sha512: ${claimed}`,
        `    size: ${bytes.length}`,
        `path: ${file}`,
        `sha512: ${claimed}`,
        "releaseDate: '2026-11-25T12:00:00.000Z'",
        '',
      ].join('\n'),
    ),
  );
}

beforeAll(async () => {
  const tls = ensureTls(path.join(root, 'feed-tls'));
  server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    requests.push(url.pathname);
    const body = feed.get(url.pathname);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.writeFileSync(appImage, 'Quotedesk 0.1.0', { mode: 0o755 });
  process.env.APPIMAGE = appImage;
  process.env.XDG_CACHE_HOME = path.join(root, 'cache');
  standin = installElectronStandin({ version: '0.1.0', trustedCa: tls.ca });
  standin.electron.app.setPath('userData', path.join(root, 'user-data'));
  standin.electron.app.emitReady();
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(root, { recursive: true, force: true });
});

interface Run {
  controller: UpdatesController;
  states: UpdateState[];
  closed: () => number;
}

/** The log lines written, as the log file would hold them. */
const logged: Array<{ event: string; fields: Record<string, unknown> | undefined }> = [];
const recordingLog: Logger = {
  log: (_level, event, fields) => logged.push({ event, fields }),
  info: (event, fields) => logged.push({ event, fields }),
  warn: (event, fields) => logged.push({ event, fields }),
  error: (event, fields) => logged.push({ event, fields }),
};

function startUpdates(policy: Policy, opts: { retryAfterMs?: number } = {}): Run {
  const hub = new EventHub(events);
  const states: UpdateState[] = [];
  hub.subscribe((event, payload) => {
    if (event === 'update.state') states.push(payload as UpdateState);
  });
  let closed = 0;
  const dataDir = fs.mkdtempSync(path.join(root, 'data-'));
  const controller = electronUpdates({
    packaged: true,
    resourcesPath: undefined,
    dataDir,
    ...opts,
  })({
    policy: { status: 'applied', source: 'test', policy, problems: [] },
    hub,
    log: recordingLog,
    close: async () => {
      closed++;
    },
  });
  return { controller, states, closed: () => closed };
}

async function until<T>(what: string, probe: () => T | undefined | null | false): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const noDialogs = () =>
  standin.calls.filter((c) => c.what.startsWith('dialog.')).map((c) => c.what);

describe('updates from an HTTPS feed (stand-in electron; electron-updater real)', () => {
  it('finds a newer version, downloads and verifies it, offers it, installs only when asked', async () => {
    const newer = Buffer.from('#!/bin/sh\nexit 0\n# Quotedesk 0.2.0\n');
    publish('good', '0.2.0', newer);
    const run = startUpdates({ updates: { feedUrl: `${base}/good` } });
    try {
      const ready = await until('the update to be ready', () =>
        run.states.find((s) => s.state === 'ready'),
      );
      expect(ready).toMatchObject({ version: '0.2.0' });
      expect(ready.message).toMatch(/restart to update/i);
      expect(run.states.map((s) => s.state)).toEqual(['downloading', 'ready']);
      expect(requests).toContain(`/good/Quotedesk-0.2.0-x86_64.AppImage`);
      // Nothing installed or restarted by itself.
      expect(fs.readFileSync(appImage, 'utf8')).toBe('Quotedesk 0.1.0');
      expect(standin.called('app.quit')).toHaveLength(0);
      expect(noDialogs()).toEqual([]);
      // "Restart to update": the core closes first (a running sync step finishes), then the
      // verified file takes the place of the AppImage and the app quits.
      await run.controller.restartToUpdate();
      expect(run.closed()).toBe(1);
      expect(fs.readFileSync(appImage)).toEqual(newer);
      await until('the quit', () => standin.called('app.quit').length > 0);
    } finally {
      run.controller.stop();
    }
  }, 60_000);

  it('refuses a file whose sha512 does not match the feed: never installed, said once', async () => {
    fs.writeFileSync(appImage, 'Quotedesk 0.1.0', { mode: 0o755 });
    publish('tampered', '0.3.0', Buffer.from('not what was published'), sha512(Buffer.from('x')));
    const run = startUpdates({ updates: { feedUrl: `${base}/tampered` } }, { retryAfterMs: 100 });
    try {
      await until(
        'two attempts',
        () =>
          requests.filter((r) => r.endsWith('0.3.0-x86_64.AppImage')).length >= 2 &&
          run.controller.state().state === 'failed',
      );
      const failed = run.states.filter((s) => s.state === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.message).toMatch(/did not match its checksum/);
      expect(run.states.some((s) => s.state === 'ready')).toBe(false);
      await expect(run.controller.restartToUpdate()).rejects.toThrow(/No update is ready/);
      expect(fs.readFileSync(appImage, 'utf8')).toBe('Quotedesk 0.1.0');
      const pending = path.join(root, 'cache', 'quotedesk-updater', 'pending');
      const left = fs.existsSync(pending) ? fs.readdirSync(pending) : [];
      expect(left.filter((f) => f.includes('0.3.0'))).toEqual([]);
      expect(noDialogs()).toEqual([]);
    } finally {
      run.controller.stop();
    }
  }, 60_000);

  it('feed unreachable: no error dialog, a calm note, and a retry later that succeeds', async () => {
    // A port with nothing on it yet; the feed comes up there after the first failure.
    const later = https.createServer(server.listeners('request')[0] as never);
    const probe = https.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    publish('later', '0.4.0', Buffer.from('#!/bin/sh\n# 0.4.0\n'));
    const tls = ensureTls(path.join(root, 'feed-tls'));
    const run = startUpdates(
      { updates: { feedUrl: `https://127.0.0.1:${port}/later` } },
      { retryAfterMs: 200 },
    );
    try {
      const failed = await until('the failure', () => run.states.find((s) => s.state === 'failed'));
      expect(failed.message).toMatch(/could not be reached.*tries again later/);
      expect(noDialogs()).toEqual([]);
      const back = https.createServer(
        { key: tls.key, cert: tls.cert },
        later.listeners('request')[0] as never,
      );
      await new Promise<void>((r) => back.listen(port, '127.0.0.1', r));
      try {
        const ready = await until('the retry to find 0.4.0', () =>
          run.states.find((s) => s.state === 'ready'),
        );
        expect(ready.version).toBe('0.4.0');
      } finally {
        await new Promise((r) => back.close(r));
      }
    } finally {
      run.controller.stop();
    }
  }, 60_000);

  it('updates off by policy: no request at all', async () => {
    publish('off', '0.5.0', Buffer.from('0.5.0'));
    const before = requests.length;
    const netBefore = standin.called('net.request').length;
    const run = startUpdates(
      { updates: { enabled: false, feedUrl: `${base}/off` } },
      { retryAfterMs: 50 },
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(run.controller.state()).toMatchObject({
        state: 'off',
        message: 'Updates are turned off by your organisation.',
      });
      expect(requests.length).toBe(before);
      expect(standin.called('net.request').length).toBe(netBefore);
      expect(run.states).toEqual([]);
    } finally {
      run.controller.stop();
    }
  });
  it('a full disk while downloading (a real 8 MiB tmpfs as the download cache): logged, said once, the app keeps going', async (ctx) => {
    const cache = path.join(root, 'cache', 'quotedesk-updater');
    fs.mkdirSync(cache, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', cache]);
    } catch (error) {
      console.log(`[skip] full disk while updating: cannot mount a tmpfs (${String(error)})`);
      ctx.skip();
    }
    const quitsBefore = standin.called('app.quit').length;
    // Bigger than the disk it is downloaded to.
    publish('big', '0.6.0', Buffer.alloc(12 * 1024 * 1024, 7));
    const run = startUpdates({ updates: { feedUrl: `${base}/big` } }, { retryAfterMs: 100 });
    try {
      await until(
        'two attempts',
        () =>
          requests.filter((r) => r.endsWith('0.6.0-x86_64.AppImage')).length >= 2 &&
          run.controller.state().state === 'failed',
      );
      const failed = run.states.filter((s) => s.state === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.message).toBe(
        'There was not enough disk space to download the update. Quotedesk tries again later.',
      );
      expect(logged.some((l) => l.event === 'updates.failed' && l.fields?.kind === 'disk')).toBe(
        true,
      );
      expect(run.states.some((s) => s.state === 'ready')).toBe(false);
      expect(noDialogs()).toEqual([]);
      expect(standin.called('app.quit')).toHaveLength(quitsBefore);
      // The installed version is untouched, and the controller still answers.
      expect(fs.readFileSync(appImage, 'utf8')).toBe('Quotedesk 0.1.0');
      await expect(run.controller.restartToUpdate()).rejects.toThrow(/No update is ready/);
    } finally {
      run.controller.stop();
      await new Promise((r) => setTimeout(r, 200));
      execFileSync('umount', ['-l', cache]);
    }
  }, 60_000);

  // Last: electron-updater's updater is one per process, and a channel once set cannot be unset.
  it('a channel pinned by policy: its own metadata (beta-linux.yml) is asked for, and its version offered', async () => {
    fs.writeFileSync(appImage, 'Quotedesk 0.1.0', { mode: 0o755 });
    publish('pinned', '0.8.0', Buffer.from('#!/bin/sh\n# 0.8.0\n'));
    publish(
      'pinned',
      '0.9.0-beta.1',
      Buffer.from('#!/bin/sh\n# 0.9.0-beta.1\n'),
      undefined,
      'beta',
    );
    const run = startUpdates({ updates: { feedUrl: `${base}/pinned`, channel: 'beta' } });
    try {
      const ready = await until('the beta to be ready', () =>
        run.states.find((s) => s.state === 'ready'),
      );
      expect(ready).toMatchObject({ version: '0.9.0-beta.1', channel: 'beta' });
      expect(requests).toContain(`/pinned/${ymlOf('beta')}`);
      expect(requests).not.toContain(`/pinned/${yml}`);
      expect(requests).toContain('/pinned/Quotedesk-0.9.0-beta.1-x86_64.AppImage');
    } finally {
      run.controller.stop();
    }
  }, 60_000);
});
