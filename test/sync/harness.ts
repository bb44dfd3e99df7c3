// A device (real SQLite store + API client + sync engine) and a second user talking to the
// same real server, for the sync engine's integration tests and the simulation.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../main/api';
import { openStore, type Store } from '../../main/store';
import { engineStore, type EngineStore } from '../../main/store/engine';
import { SyncEngine, type EngineOptions, type SyncApi } from '../../main/sync';
import { startFaultProxy, type FaultProxy } from '../api/fault-proxy';
import { startServer, type StartedServer } from '../helpers/server';

export const ADA = {
  clientId: 'northwind-ada',
  secret: 'demo-secret-northwind-ada-7f3k',
  user: {
    id: 'b0a9d703-1f07-4046-81c9-40e9b0597a6d',
    fullName: 'Ada Stone',
    displayName: 'Ada',
    email: 'ada.stone@northwind.example',
  },
};
export const BEN = { clientId: 'northwind-ben', secret: 'demo-secret-northwind-ben-q9x2' };
export const CLIENTS = {
  acme: {
    id: 'ed3a65e4-8eda-4ada-b243-2b8c1e9e6165',
    name: 'Acme Dental Group',
    isShadowCompany: false,
  },
  blueFjord: {
    id: 'a7e3fcd1-d46e-4880-a4cf-e9096da5b6cc',
    name: 'Blue Fjord Logistics',
    isShadowCompany: false,
  },
  cedar: {
    id: '89889f41-6823-4ca4-8ac6-59251bf03cdf',
    name: 'Cedar & Pine Law LLP',
    isShadowCompany: false,
  },
};
export const PRODUCTS = {
  m365: '094347cf-431a-464f-98b9-32ebeb165c8a',
  defender: '96bf0824-af0d-4cee-a11b-5def68773339',
  backup: '7e7b978f-5b90-426d-938c-7fac49a9a8d9',
  s1: '39783ab4-4926-4ff3-a7cc-89f2f6f5e705',
  s1Addon: '1377f62e-c9e0-44cc-84aa-68fa26cd8cc0',
};

export function client(
  server: Pick<StartedServer, 'baseUrl' | 'caFile'>,
  who: { clientId: string; secret: string },
  baseUrl = server.baseUrl,
): ApiClient {
  return createApiClient(
    { baseUrl, audience: server.baseUrl, clientId: who.clientId, caFile: server.caFile },
    // The engine reconciles; the client's own retries would only slow the tests down.
    { clientSecret: who.secret, retry: { maxAttempts: 1 }, timeoutMs: 20_000 },
  );
}

/** The real server and the two demo users' clients, shared by the tests of one file. */
export interface Office {
  server: StartedServer;
  ada: ApiClient;
  ben: ApiClient;
}

export async function openOffice(): Promise<Office> {
  const server = await startServer();
  return { server, ada: client(server, ADA), ben: client(server, BEN) };
}

export async function closeOffice(o: Partial<Office>): Promise<void> {
  await o.ada?.close();
  await o.ben?.close();
  await o.server?.stop();
}

/** The office with a fault proxy in front of the server: Ada's device talks through it. */
export interface ProxiedOffice extends Office {
  proxy: FaultProxy;
  /** Ada through the proxy: the device's client. */
  viaProxy: ApiClient;
}

export async function openProxiedOffice(): Promise<ProxiedOffice> {
  const office = await openOffice();
  const proxy = await startFaultProxy(office.server);
  const viaProxy = client({ baseUrl: office.server.baseUrl, caFile: proxy.caFile }, ADA, proxy.url);
  return { ...office, proxy, viaProxy };
}

export async function closeProxiedOffice(o: Partial<ProxiedOffice>): Promise<void> {
  await o.viaProxy?.close();
  await o.proxy?.stop();
  await closeOffice(o);
}

/** A PDF the server accepts (checked by content); `tag` makes its content unique. */
export function pdf(tag: string): Uint8Array {
  return Buffer.from(
    `%PDF-1.4\n% ${tag}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

let catalogue: { products: unknown[]; pricing: Map<string, unknown[]> } | null = null;

/** Fills the store's catalogue cache from the server, as the app does when online. */
export async function primeCatalogue(store: Store, api: ApiClient): Promise<void> {
  if (!catalogue) {
    const page = await api.listProducts({ size: 100 });
    const pricing = new Map<string, unknown[]>();
    for (const p of page.content) pricing.set(p.id, (await api.getProductPricing(p.id)).content);
    catalogue = { products: page.content, pricing };
  }
  store.caches.putProducts(catalogue.products as never);
  for (const [id, p] of catalogue.pricing) store.caches.putPricing(id, p as never);
}

export interface Device {
  dir: string;
  file: string;
  store: EngineStore;
  api: SyncApi;
  engine: SyncEngine;
  /** Closes the database (a crash, for the engine) and opens a new store and engine on it. */
  reopen(api?: SyncApi): Device;
}

export function device(
  api: SyncApi,
  opts: Partial<EngineOptions> = {},
  dir = mkdtempSync(join(tmpdir(), 'quotedesk-sync-dev-')),
): Device {
  const file = join(dir, 'quotedesk.sqlite');
  const store = engineStore(openStore(file, { integrityCheck: 'none' }));
  store.setIdentity({
    user: ADA.user,
    partner: null,
    currency: 'USD',
  });
  const engine = new SyncEngine({ store, api, parallelism: 2, ...opts });
  const d: Device = {
    dir,
    file,
    store,
    api,
    engine,
    reopen(next = api) {
      store.close();
      const again = device(next, opts, dir);
      return again;
    },
  };
  return d;
}
