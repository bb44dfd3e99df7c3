// The policy in force in the real core (real server over HTTPS, real store files): preset
// connections appear with only their secret to enter, every locked setting is refused by the
// services themselves (not only hidden in the UI), and a broken policy never stops the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../main/core';
import { readPolicyFile } from '../../main/core/policy';
import { startServer, type StartedServer, EMBEDDED_DEMO } from '../helpers/server';
import { DEMO } from '../helpers/server-api';
import { startHarness, type Harness } from '../services/harness';

let server: StartedServer;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-policy-core-'));

function recordingLogger(
  lines: Array<{ event: string; fields?: Record<string, unknown> }>,
): Logger {
  const add = (event: string, fields?: Record<string, unknown>) =>
    lines.push({ event, ...(fields ? { fields } : {}) });
  return { log: (_l, e, f) => add(e, f), info: add, warn: add, error: add };
}

function policyFile(name: string, body: unknown): string {
  const file = path.join(root, name);
  fs.writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  return file;
}

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a valid policy', () => {
  let h: Harness;
  beforeAll(async () => {
    const file = policyFile('policy.json', {
      connections: [
        {
          // Not the e2e policy test's name: a managed profile's id comes from its name, and
          // the tests of one run share one keychain, where that test saves its secret.
          name: 'Northwind staging',
          baseUrl: server.baseUrl,
          audience: server.baseUrl,
          clientId: DEMO.ada.clientId,
          caFile: server.caFile,
        },
      ],
      demoConnection: false,
      offlinePreviewBudgetMiB: 64,
    });
    h = await startHarness({
      platform: { mode: 'browser' },
      // Would start the demo server on a first start; the policy turns it off.
      embedded: EMBEDDED_DEMO,
      policy: readPolicyFile(file),
    });
  }, 60_000);
  afterAll(() => h?.close());

  it('presets the connection: active, managed, waiting only for the secret', async () => {
    const { profiles, activeId } = await h.call('profiles.list');
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      name: 'Northwind staging',
      baseUrl: server.baseUrl,
      clientId: DEMO.ada.clientId,
      managed: true,
      isDemo: false,
      secret: 'none',
      id: activeId,
    });
    // No demo connection and no embedded server.
    expect((await h.call('app.info')).embeddedServerUrl).toBeUndefined();
    const secretSet = await h.call('profiles.setSecret', {
      profileId: activeId!,
      clientSecret: DEMO.ada.secret,
    });
    expect(secretSet.secret).not.toBe('none');
    const test = await h.call('profiles.test', { profileId: activeId! });
    expect(test).toMatchObject({ ok: true });
  }, 60_000);

  it('refuses adding or removing a connection, and changing the budget', async () => {
    const add = await h.refuse('profiles.add', {
      name: 'Mine',
      baseUrl: server.baseUrl,
      clientId: DEMO.ben.clientId,
      clientSecret: DEMO.ben.secret,
    });
    expect(add.message).toMatch(/^Set by your organisation/);
    const { activeId } = await h.call('profiles.list');
    const remove = await h.refuse('profiles.remove', { profileId: activeId });
    expect(remove.message).toMatch(/^Set by your organisation/);
    expect((await h.call('profiles.list')).profiles).toHaveLength(1);
    const budget = await h.refuse('sync.setOfflineBudget', { budgetMiB: 4096 });
    expect(budget).toMatchObject({ field: 'budgetMiB' });
    expect((await h.call('sync.offlineFiles')).budgetMiB).toBe(64);
  });

  it('tells the UI what is locked', async () => {
    const p = await h.call('app.policy');
    expect(p.status).toBe('applied');
    expect(Object.keys(p.policy).sort()).toEqual([
      'connections',
      'demoConnection',
      'offlinePreviewBudgetMiB',
    ]);
  });
});

describe('a broken policy', () => {
  it('starts anyway, ignores the file and names the field (answer and log)', async () => {
    const lines: Array<{ event: string; fields?: Record<string, unknown> }> = [];
    const file = policyFile('bad.json', {
      connections: [{ name: 'X', baseUrl: 'http://plain.example', audience: 'x', clientId: 'x' }],
      offlinePreviewBudgetMiB: 64,
    });
    const h = await startHarness({
      platform: { mode: 'browser' },
      embedded: null,
      log: recordingLogger(lines),
      policy: readPolicyFile(file),
    });
    try {
      const p = await h.call('app.policy');
      expect(p).toMatchObject({
        status: 'ignored',
        source: file,
        policy: {},
        problems: [{ field: 'connections.0.baseUrl', message: 'must be an https:// address' }],
      });
      const logged = lines.find((l) => l.event === 'policy.ignored');
      expect(JSON.stringify(logged?.fields)).toContain('connections.0.baseUrl');
      // Nothing of it is in force: the user's own settings work as without a policy.
      expect((await h.call('profiles.list')).profiles).toEqual([]);
      const added = await h.call('profiles.add', {
        name: 'Mine',
        baseUrl: server.baseUrl,
        clientId: DEMO.ben.clientId,
        clientSecret: DEMO.ben.secret,
        caPem: server.ca,
      });
      expect(added.managed).toBe(false);
      expect((await h.call('sync.setOfflineBudget', { budgetMiB: 10 })).budgetMiB).toBe(10);
    } finally {
      await h.close();
    }
  }, 60_000);
});
