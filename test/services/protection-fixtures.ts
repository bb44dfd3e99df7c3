// What the data-protection tests (store-protection, policy-protection) set up alike: a data
// folder with one profile, "Northwind" (its server is never reached: no sync here), and its
// store as the version before encryption left it, with one client in its catalogue copy; the
// core started on it; a keychain that fails to load; each test's cores and folders gone after it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { CoreOptions } from '../../main/core';
import { openStore } from '../../main/store';
import { openVault } from '../../main/vault';
import { startHarness, type Harness } from './harness';

/** A keychain that cannot be reached (a fake: a real one cannot be made to fail on demand). */
export const noKeychain = {
  load: async () => {
    throw new Error('keychain deliberately unavailable in this test');
  },
};

export const CLIENT = { id: '1a1bd76a-3f0c-4ec9-b0e1-b7c4e1c1d001', name: 'Granite Peak Dental' };

const dirs: string[] = [];
const open: Harness[] = [];

/** Closes the cores and removes the folders a test of the calling file made, after each. */
export function cleanUpAfterEach(): void {
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
    while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
  });
}

export async function dataDirWithProfile(keychain?: typeof noKeychain): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-protect-'));
  dirs.push(dataDir);
  const vault = await openVault({ dataDir, ...(keychain ? { keychain } : {}), log: () => {} });
  const profile = await vault.saveProfile(
    {
      id: `nw-${crypto.randomUUID().slice(0, 8)}`,
      displayName: 'Northwind',
      baseUrl: 'https://127.0.0.1:9',
      clientId: 'nw',
    },
    'not-used',
  );
  const dir = path.join(dataDir, 'stores', profile.id);
  const old = openStore(path.join(dir, 'quotedesk.sqlite'), { filesDir: path.join(dir, 'files') });
  old.caches.putCompanies([
    {
      ...CLIENT,
      address: {
        street: '1 Main St',
        city: 'Denver',
        stateOrProvince: 'CO',
        postalCode: '80202',
        country: 'US',
      },
      status: 'active',
      isShadowCompany: false,
    },
  ]);
  old.close();
  return dataDir;
}

/** The core on `dataDir` without sync; without a keychain it asks (unless told otherwise). */
export async function startProtected(
  dataDir: string,
  opts: {
    keychain?: typeof noKeychain;
    withoutKeychain?: 'ask' | 'unencrypted';
    policy?: CoreOptions['policy'];
  } = {},
): Promise<Harness> {
  const h = await startHarness({
    dataDir,
    platform: { mode: 'browser' },
    embedded: null,
    syncFactory: null,
    withoutKeychain: opts.withoutKeychain ?? 'ask',
    ...(opts.policy ? { policy: opts.policy } : {}),
    ...(opts.keychain ? { keychain: opts.keychain } : {}),
  });
  open.push(h);
  return h;
}

export async function stop(h: Harness): Promise<void> {
  open.splice(open.indexOf(h), 1);
  await h.close();
}

export const storeDirOf = (dataDir: string) => {
  const stores = path.join(dataDir, 'stores');
  return path.join(stores, fs.readdirSync(stores)[0]!);
};
