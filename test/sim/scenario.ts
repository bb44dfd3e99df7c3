// One seed of the simulation: a device (real store, real engine) and a colleague (Ben,
// straight through the API) edit the same quotes while the fault injector breaks the network
// and crashes the app; then the network heals, conflicts are resolved, sync goes quiet and
// the invariants are checked against the real server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../main/api';
import { openStore, StoreError } from '../../main/store';
import { engineStore, type EngineStore } from '../../main/store/engine';
import type { WorkQuote } from '../../main/store/types';
import {
  SyncEngine,
  fromRemote,
  fromWork,
  saveMineAsNew,
  takeMine,
  takeTheirs,
  type SyncApi,
} from '../../main/sync';
import { DIALECTS, combine } from '../api/dialects';
import type { FaultProxy } from '../api/fault-proxy';
import { ADA, CLIENTS, PRODUCTS, pdf } from '../sync/harness';
import {
  Crash,
  Life,
  NO_FAULTS,
  Trail,
  crashingStore,
  faultyApi,
  landedKey,
  siteOf,
  targetOf,
  type Boundary,
  type FaultKind,
  type FaultRates,
} from './faults';
import { Rng } from './rng';

export interface SimEnv {
  /** Ada straight to the server: what the checks and "Ada on another computer" use. */
  ada: ApiClient;
  /** Ada through the proxy, speaking the seed's dialect: the device's client. */
  adaVia: ApiClient;
  proxy: FaultProxy;
  ben: ApiClient;
  catalogue: { products: unknown[]; pricing: Map<string, unknown[]> };
  pdfDir: string;
}

export interface SeedResult {
  seed: number;
  ok: boolean;
  problems: string[];
  crashes: number;
  /** Where the app died, e.g. `after store.planRequest`. */
  crashSites: string[];
  faults: number;
  /** Faults injected, by kind. */
  faultKinds: Record<FaultKind, number>;
  /** The seed's targeted crash site, whether the app died there, and whether the scenario
   * had to bring that boundary about after the chaos did not. */
  target: string;
  targetHit: boolean;
  provoked: boolean;
  /** Lost creates parked for the user (by op) and how the user settled them. */
  parked: string[];
  /** How the server answered this seed (names of test/api/dialects.ts; none: as ours). */
  dialects: string[];
  ms: number;
  log: string[];
}

const CHAOS: FaultRates = {
  drop: 0.05,
  lost: 0.05,
  timeout: 0.03,
  error5xx: 0.03,
  tooMany: 0.02,
  crashAtCall: 0.02,
  crashAtBoundary: 0.03,
  editDuringCall: 0.08,
  remoteEditDuringCall: 0.1,
};

type Rec =
  | {
      kind: 'field';
      quote: string;
      entity: Entity;
      id: string;
      field: string;
      value: unknown;
      delivered: boolean;
    }
  | { kind: 'exists' | 'absent'; quote: string; entity: Entity; id: string; delivered: boolean };
type Entity = 'quote' | 'lineItem' | 'accessEntry' | 'attachment' | 'section';

const LIST: Record<
  Exclude<Entity, 'quote'>,
  'lineItems' | 'accessList' | 'attachments' | 'sections'
> = {
  lineItem: 'lineItems',
  accessEntry: 'accessList',
  attachment: 'attachments',
  section: 'sections',
};

function entityOf(w: WorkQuote | null, entity: Entity, id: string): Record<string, unknown> | null {
  if (!w) return null;
  if (entity === 'quote') return w as unknown as Record<string, unknown>;
  return (
    ((w[LIST[entity]] as unknown as { id: string }[]).find((e) => e.id === id) as unknown as Record<
      string,
      unknown
    >) ?? null
  );
}

export async function runSeed(
  seed: number,
  env: SimEnv,
  opts: { steps?: number } = {},
): Promise<SeedResult> {
  const t0 = Date.now();
  const rng = new Rng(seed);
  // Local ids decide some orders (e.g. which new item goes first): seeded too, for replays.
  const ids = new Rng(seed ^ 0x5eed5eed);
  // How the server answers, within the spec: drawn apart, so the rest of the seed replays
  // the same whatever the dialect.
  const speech = new Rng(seed ^ 0x0d1a1ec7);
  const dialects = speech.chance(0.2) ? [] : DIALECTS.filter(() => speech.chance(0.35));
  env.proxy.speak(combine(dialects));
  const log: string[] = [];
  const problems: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), `quotedesk-sim-${seed}-`));
  const file = join(dir, 'quotedesk.sqlite');
  let faults = 0;
  let crashes = 0;

  const records = new Map<string, Rec>();
  const localQuotes = new Set<string>();
  const localItems = new Set<string>();
  const benItems = new Set<string>();
  const clientsUsed = new Set<string>();
  /** Quotes Ada made on another computer (straight through the API): hers, not duplicates. */
  const elsewhere = new Set<string>();
  const parked: string[] = [];
  let provoked = false;

  // Besides the random crashes, each seed dies once at its own store boundary (in turn by
  // seed), so that a run of as many seeds crashes at every boundary, before and after.
  const trail = new Trail(targetOf(seed));
  const landed = trail.landed;
  let life = new Life(rng, NO_FAULTS, log, trail);
  const crashSites: string[] = [];
  let real!: EngineStore;
  let store!: ReturnType<typeof crashingStore>;
  let engine!: SyncEngine;

  const open = () => {
    real = engineStore(openStore(file, { integrityCheck: 'none', newId: () => uuid(ids) }));
    real.setIdentity({ user: ADA.user, partner: null, currency: 'USD' });
    real.caches.putProducts(env.catalogue.products as never);
    for (const [id, p] of env.catalogue.pricing) real.caches.putPricing(id, p as never);
    store = crashingStore(real, life);
    engine = new SyncEngine({
      store,
      api: faultyApi(env.adaVia as SyncApi, life),
      parallelism: 1,
      newId: () => uuid(rng),
    });
    engine.on((e) => {
      if (e.type === 'progress' && e.step)
        log.push(`  step ${e.step} ${e.quoteId?.slice(0, 8) ?? ''}`);
    });
    // A quote's sync state as its owner says it: the store's transition.
    const said = real;
    said.onChange((e) => {
      if (e.what !== 'syncState' || !e.quoteId) return;
      const rec = said.sync.syncRecord(e.quoteId);
      if (rec)
        log.push(
          `  ${e.quoteId.slice(0, 8)} → ${rec.state}${rec.lastError ? `: ${rec.lastError}` : ''}`,
        );
    });
  };
  open();

  /** A one-time service line as Ada types it (draws from the seed's rng: name, then price). */
  const customLine = () =>
    ({
      type: 'Custom',
      productName: `Service ${rng.int(100)}`,
      billingTerm: 'One-Time',
      price: 100 + rng.int(900),
      cost: 50,
      initialTotal: 0,
      quantity: 1,
    }) as const;
  const record = (r: Rec) => {
    const key = `${r.entity}:${r.id}:${r.kind === 'field' ? r.field : '*'}`;
    if (r.kind === 'absent') {
      for (const [k, x] of [...records]) {
        if (k.startsWith(`${r.entity}:${r.id}:`) || (r.entity === 'quote' && x.quote === r.id))
          records.delete(k);
      }
    }
    records.set(key, r);
  };

  const createLocal = (c: (typeof CLIENTS)[keyof typeof CLIENTS]) => {
    clientsUsed.add(c.id);
    const w = real.createQuote({ client: c });
    localQuotes.add(w.id);
    record({ kind: 'exists', quote: w.id, entity: 'quote', id: w.id, delivered: false });
    log.push(`local create quote ${w.id.slice(0, 8)} for ${c.name}`);
    return w.id;
  };

  const setHeader = (q: string, field: 'introMessage' | 'termsAndDisclaimers', value: string) => {
    const w = real.getWork(q);
    real.updateHeader(q, { [field]: value });
    // An edit to the value already there changes nothing: nothing to check for.
    if (w[field] !== value)
      record({ kind: 'field', quote: q, entity: 'quote', id: q, field, value, delivered: false });
    log.push(`local ${field} ${q.slice(0, 8)}`);
  };

  /** Ada on another computer makes a quote for a client. Only while no quote create of this
   * laptop's is open: hers is then older than any create whose answer gets lost later, so
   * the newest candidate of an ambiguous lost create is the laptop's own (the one "take
   * theirs" adopts). */
  const createElsewhere = async (c = rng.pick(Object.values(CLIENTS))) => {
    if (real.sync.listJournal({}).some((j) => j.op === 'createQuote')) return false;
    const q = await env.ada.createQuote({ clientId: c.id });
    elsewhere.add(q.id);
    log.push(`Ada elsewhere creates a quote for ${c.name}`);
    return true;
  };

  /** Local edits go through the real store (never the crashing wrapper): they are the user's. */
  const localEdit = () => {
    // By id, not in the list's order (last change first): two edits in the same millisecond
    // would order it by chance, and the seed would not replay.
    const quotes = real
      .listQuotes({ account: 'partner', limit: 100 })
      .content.map((e) => e.id)
      .sort();
    // A quote only listed yet (its aggregate still downloading) cannot be edited: not by Ada.
    const live = quotes.filter((id) => {
      const q = real.getQuote(id);
      return !!q && !q.deleted && !q.stub;
    });
    const roll = rng.int(100);
    try {
      if (live.length === 0 || (roll < 8 && localQuotes.size < 3)) {
        createLocal(
          // Some quotes share a client: a lost create then has more than one quote of that
          // client to look through.
          clientsUsed.size && rng.chance(0.4)
            ? rng.pick(Object.values(CLIENTS).filter((c) => clientsUsed.has(c.id)))
            : (Object.values(CLIENTS).find((x) => !clientsUsed.has(x.id)) ??
                rng.pick(Object.values(CLIENTS))),
        );
        return;
      }
      const q = rng.pick(live);
      const w = real.getWork(q);
      if (roll < 22) {
        const field = rng.pick(['introMessage', 'termsAndDisclaimers'] as const);
        setHeader(q, field, `${field === 'introMessage' ? 'intro' : 'terms'} ${rng.int(1000)}`);
      } else if (roll < 40) {
        const withAddon =
          rng.chance(0.3) && !w.lineItems.some((li) => li.product.id === PRODUCTS.s1);
        const items = withAddon
          ? ([
              {
                type: 'Standard',
                productId: PRODUCTS.s1,
                billingTerm: 'Monthly',
                quantity: 1 + rng.int(20),
              },
              {
                type: 'Standard',
                productId: PRODUCTS.s1Addon,
                billingTerm: 'Monthly',
                quantity: 1 + rng.int(20),
                requiredLineItemIndex: 0,
              },
            ] as const)
          : rng.chance(0.5)
            ? ([
                {
                  type: 'Standard',
                  productId: rng.pick([PRODUCTS.m365, PRODUCTS.defender, PRODUCTS.backup]),
                  billingTerm: 'Monthly',
                  quantity: 1 + rng.int(50),
                },
              ] as const)
            : ([customLine()] as const);
        const ids = real.addLineItems(q, items as never);
        for (const id of ids) {
          localItems.add(id);
          record({ kind: 'exists', quote: q, entity: 'lineItem', id, delivered: false });
        }
        log.push(`local add ${ids.length} item(s) ${q.slice(0, 8)}`);
      } else if (roll < 58 && w.lineItems.length) {
        const li = rng.pick(w.lineItems);
        if (rng.chance(0.5)) {
          const value = 1 + rng.int(99);
          real.updateLineItems(q, [{ id: li.id, quantity: value }]);
          if (li.quantity !== value)
            record({
              kind: 'field',
              quote: q,
              entity: 'lineItem',
              id: li.id,
              field: 'quantity',
              value,
              delivered: false,
            });
        } else {
          const value = `note ${rng.int(1000)}`;
          real.updateLineItems(q, [{ id: li.id, note: value }]);
          if (li.note !== value)
            record({
              kind: 'field',
              quote: q,
              entity: 'lineItem',
              id: li.id,
              field: 'note',
              value,
              delivered: false,
            });
        }
        log.push(`local edit item ${q.slice(0, 8)}`);
      } else if (roll < 66 && w.lineItems.length) {
        const li = rng.pick(w.lineItems);
        const gone = [
          li.id,
          ...w.lineItems.filter((x) => x.requiredLineItemId === li.id).map((x) => x.id),
        ];
        real.deleteLineItems(q, gone);
        for (const id of gone)
          record({ kind: 'absent', quote: q, entity: 'lineItem', id, delivered: false });
        log.push(`local delete item ${q.slice(0, 8)}`);
      } else if (roll < 76 && w.lineItems.length) {
        const sectionId =
          w.sections.length && rng.chance(0.6)
            ? rng.pick(w.sections).id
            : real.createSection(q, `Section ${rng.int(100)}`);
        const li = rng.pick(w.lineItems);
        real.moveLineItem(q, li.id, { sectionId });
        log.push(`local section ${q.slice(0, 8)}`);
      } else if (roll < 84) {
        if (w.accessList.length && rng.chance(0.4)) {
          const e = rng.pick(w.accessList);
          real.removeAccessEntry(q, e.id);
          record({ kind: 'absent', quote: q, entity: 'accessEntry', id: e.id, delivered: false });
        } else {
          const [id] = real.addAccessEntries(q, [
            { email: `r${rng.int(10_000)}@ada.example`, accountType: 'guest' },
          ]);
          record({ kind: 'exists', quote: q, entity: 'accessEntry', id: id!, delivered: false });
        }
        log.push(`local access ${q.slice(0, 8)}`);
      } else if (roll < 92) {
        if (w.attachments.length && rng.chance(0.4)) {
          const a = rng.pick(w.attachments);
          real.removeAttachment(q, a.id);
          record({ kind: 'absent', quote: q, entity: 'attachment', id: a.id, delivered: false });
        } else {
          const [id] = real.addAttachments(q, [
            { name: `doc${rng.int(1000)}.pdf`, bytes: pdf(`${seed}-${rng.int(1e9)}`) },
          ]);
          record({ kind: 'exists', quote: q, entity: 'attachment', id: id!, delivered: false });
        }
        log.push(`local attachment ${q.slice(0, 8)}`);
      } else if (roll < 94 && real.getQuote(q)!.serverId) {
        // No undo window: the seed's clock does not wait out the app's 10 s hold.
        real.deleteQuote(q, 0);
        record({ kind: 'absent', quote: q, entity: 'quote', id: q, delivered: false });
        log.push(`local delete quote ${q.slice(0, 8)}`);
      }
    } catch (e) {
      if (!(e instanceof StoreError)) throw e;
      log.push(`local edit refused: ${e.message}`);
    }
  };

  /** What Ben sees on the server marks the local edits already delivered. */
  const observe = (
    localQuote: string,
    server: Awaited<ReturnType<ApiClient['getQuote']>>,
    access: { id: string; email: string }[],
  ) => {
    for (const r of records.values()) {
      if (r.quote !== localQuote || r.delivered) continue;
      const sid = r.entity === 'quote' ? server.id : real.sync.serverIdOf(r.entity, r.id);
      if (r.kind === 'exists') {
        r.delivered =
          r.entity === 'quote' ||
          (r.entity === 'lineItem' && server.lineItems.some((x) => x.id === sid)) ||
          (r.entity === 'accessEntry' && access.some((x) => x.id === sid)) ||
          (r.entity === 'attachment' && server.attachments.some((x) => x.id === sid));
        if (!r.delivered && r.entity === 'lineItem' && !sid) {
          // Its answer was lost, so no server id yet: an unclaimed item of the same product
          // shows the add arrived (an add is all or nothing), whatever Ben does to it next.
          const product = real.getQuote(localQuote)?.work.lineItems.find((x) => x.id === r.id)
            ?.product.id;
          r.delivered = server.lineItems.some(
            (x) => !real.sync.localIdOf('lineItem', x.id) && x.product.id === product,
          );
        }
      } else if (r.kind === 'field') {
        const e =
          r.entity === 'quote'
            ? (server as unknown as Record<string, unknown>)
            : (server.lineItems.find((x) => x.id === sid) as unknown as Record<string, unknown>);
        r.delivered = !!e && e[r.field] === r.value;
        if (!r.delivered && r.entity === 'lineItem' && !sid) {
          // Its answer was lost, so no server id yet: an unclaimed item of the same product
          // holding the value shows it arrived.
          const product = real.getQuote(localQuote)?.work.lineItems.find((x) => x.id === r.id)
            ?.product.id;
          r.delivered = server.lineItems.some(
            (x) =>
              !real.sync.localIdOf('lineItem', x.id) &&
              x.product.id === product &&
              (x as unknown as Record<string, unknown>)[r.field] === r.value,
          );
        }
      }
    }
  };

  /** Ben edits a quote on the server: the one being pushed when his edit comes during a
   * push (`serverId`), else any quote of Ada's that is on the server. */
  const remoteEdit = async (serverId: string | null = null) => {
    const synced = [...localQuotes].filter((q) => real.getQuote(q)?.serverId);
    if (!synced.length) return;
    const pushed = serverId ? real.sync.localIdOf('quote', serverId) : null;
    const q = pushed && synced.includes(pushed) ? pushed : rng.pick(synced);
    const sid = real.getQuote(q)!.serverId!;
    const ben = env.ben;
    try {
      const cur = await ben.getQuote(sid);
      const access = (await ben.getAccessList(sid)).accessList;
      observe(q, cur, access);
      const roll = rng.int(100);
      const header = {
        expiresOn: cur.expiresOn,
        introMessage: cur.introMessage,
        termsAndDisclaimers: cur.termsAndDisclaimers,
        status: cur.status,
        published: cur.published,
      };
      if (roll < 25) {
        const field = rng.pick(['introMessage', 'termsAndDisclaimers'] as const);
        await ben.updateQuote(sid, { ...header, [field]: `ben ${rng.int(1000)}` } as never);
      } else if (roll < 45 && cur.lineItems.length) {
        const li = rng.pick(cur.lineItems);
        const kind = li.product.type === 'Custom' ? 'Custom' : 'Standard';
        const base = {
          type: kind,
          id: li.id,
          effectiveDate: li.effectiveDate,
          price: li.price.amount,
          quantity: li.quantity,
          note: li.note,
          billingTerm: li.billingTerm,
        };
        const patch = rng.chance(0.5)
          ? { quantity: 100 + rng.int(100) }
          : { note: `ben note ${rng.int(1000)}` };
        const custom =
          kind === 'Custom'
            ? {
                cost: li.cost.amount,
                initialTotal: li.totals.initialTotal.amount,
                productName: li.product.name,
              }
            : {};
        await ben.updateLineItems(sid, [{ ...base, ...custom, ...patch } as never]);
      } else if (roll < 60) {
        const added = await ben.addLineItems(sid, [
          {
            type: 'Standard',
            productId: PRODUCTS.m365,
            billingTerm: 'Monthly',
            quantity: 1 + rng.int(9),
            price: 22,
            effectiveDate: new Date().toISOString(),
          },
        ]);
        for (const li of added) benItems.add(li.id);
      } else if (roll < 70 && cur.lineItems.length) {
        const li = rng.pick(cur.lineItems);
        const gone = [
          li.id,
          ...cur.lineItems
            .filter((x) => x.relationship?.requiredLineItemId === li.id)
            .map((x) => x.id),
        ];
        await ben.bulkDeleteLineItems(sid, gone);
      } else if (roll < 80) {
        if (access.length && rng.chance(0.5)) await ben.deleteAccessEntry(sid, rng.pick(access).id);
        else
          await ben.addAccessList(sid, [
            { email: `b${rng.int(10_000)}@ben.example`, accountType: 'contact' },
          ]);
      } else if (roll < 88) {
        if (cur.attachments.length && rng.chance(0.5))
          await ben.deleteQuoteAttachment(sid, rng.pick(cur.attachments).id);
        else {
          const p = join(env.pdfDir, `ben-${seed}-${rng.int(1e9)}.pdf`);
          const { writeFileSync } = await import('node:fs');
          writeFileSync(p, pdf(p));
          await ben.uploadQuoteAttachments(sid, [p]);
        }
      } else if (roll < 95) {
        if (cur.status === 'draft')
          await ben.updateQuote(sid, { ...header, status: 'sent', published: true } as never);
      } else if (roll < 97) {
        await ben.deleteQuote(sid);
      }
      log.push(`remote edit (${roll}) ${q.slice(0, 8)}`);
    } catch (e) {
      log.push(`remote edit refused: ${(e as Error).message}`);
    }
  };

  const crashAndRestart = async (e: unknown) => {
    if (!(e instanceof Crash)) throw e;
    crashes++;
    crashSites.push(...life.crashes.map((c) => c.replace(/ \(targeted\)$/, '')));
    await life.settle();
    real.close();
    const { userEdit, remoteEdit: remote } = life;
    life = new Life(rng, life.rates, log, trail);
    life.userEdit = userEdit;
    life.remoteEdit = remote;
    open();
  };

  const cycle = async () => {
    try {
      const r = await engine.syncOnce(true);
      if (r.retry) faults++;
      keptAfterCycle();
      return r;
    } catch (e) {
      await crashAndRestart(e);
      return null;
    }
  };

  /**
   * The invariant of every round, checked after each cycle (not only once healed): no entity
   * the user made is gone from the working copy unless the user deleted it, someone deleted
   * it on the server after seeing it (Ben looks before he edits: delivered), or it is on
   * record in a conflict; and the engine's own safety net never had to stop a round.
   */
  const keptAfterCycle = () => {
    for (const e of real.listQuotes({ limit: 100 }).content) {
      const m = real.getQuote(e.id)?.syncMessage ?? '';
      if (/^Sync stopped to keep your work/.test(m)) note(`safety net stopped a round: ${m}`);
    }
    for (const r of records.values()) {
      if (r.kind !== 'exists' || r.delivered || r.entity === 'quote') continue;
      if (!lostEdit(r)) continue;
      note(`local ${r.entity} ${r.id} dropped by a round (quote ${r.quote})`);
    }
  };
  const noted = new Set<string>();
  const note = (p: string) => {
    if (noted.has(p)) return;
    noted.add(p);
    problems.push(p);
  };

  /** A record of the user's not in the working copy, nor on record in a conflict. */
  const lostEdit = (r: Rec): boolean => {
    const w = real.getQuote(r.quote)?.work ?? null;
    const e = entityOf(w, r.entity, r.id);
    const inConflict = real.sync.listConflicts(r.quote, true).some((c) => {
      if (c.entityKind !== r.entity || c.entityId !== r.id) return false;
      if (r.kind === 'field')
        return (
          (c.field === r.field && c.local === r.value) ||
          (c.field === '*' && (c.local as Record<string, unknown> | null)?.[r.field] === r.value)
        );
      if (r.kind === 'exists') return c.field === '*' && c.local !== null;
      return c.field === '*' && c.local === null;
    });
    const ok = r.kind === 'field' ? e?.[r.field] === r.value : r.kind === 'exists' ? !!e : !e;
    return !ok && !inConflict;
  };

  /** Live local quotes on the server and not parked on a conflict (by id, as above). */
  const onServer = () =>
    real
      .listQuotes({ account: 'partner', limit: 100 })
      .content.map((e) => e.id)
      .sort()
      .filter((id) => {
        const q = real.getQuote(id);
        return !!q && !q.deleted && !q.stub && !!q.serverId && q.openConflicts === 0;
      });

  /** What makes the engine call one store boundary at the next sync. */
  const setUp = async (boundary: Boundary, q: string) => {
    const pick = () => rng.pick(Object.values(CLIENTS));
    switch (boundary) {
      case 'planRequestDurable':
      case 'removeRequest':
      case 'mapId':
      case 'markRequest': {
        // A new line item is journalled, mapped and its entry removed — or, its answer lost,
        // the entry is marked.
        const [id] = real.addLineItems(q, [customLine()] as never);
        localItems.add(id!);
        record({ kind: 'exists', quote: q, entity: 'lineItem', id: id!, delivered: false });
        log.push(`local add 1 item(s) ${q.slice(0, 8)}`);
        if (boundary === 'markRequest') trail.loseNext = (name) => name === 'addLineItems';
        return;
      }
      case 'commitSync':
        setHeader(q, 'introMessage', `intro ${rng.int(1000)}`);
        return;
      case 'replaceWork':
        // The user types while the push of another edit is under way.
        setHeader(q, 'termsAndDisclaimers', `terms ${rng.int(1000)}`);
        trail.atNextChange = (sid) => {
          const lq = real.sync.localIdOf('quote', sid);
          if (!lq || !real.getQuote(lq) || real.getQuote(lq)!.deleted) return;
          log.push('user edits during a push (asked for)');
          setHeader(lq, 'introMessage', `intro ${rng.int(1000)}`);
        };
        return;
      case 'importRemote':
        // A quote made elsewhere comes down with the next pull.
        await createElsewhere(pick());
        return;
      case 'recordConflicts': {
        // Ada made a quote for a client elsewhere, then one here whose create answer is
        // lost: two candidates, the create is parked.
        const c = pick();
        if (!(await createElsewhere(c))) return;
        createLocal(c);
        trail.loseNext = (name, args) =>
          name === 'createQuote' && (args[0] as { clientId: string }).clientId === c.id;
        return;
      }
      case 'replaceConflicts': {
        // The same field edited on both sides.
        setHeader(q, 'introMessage', `intro ${rng.int(1000)}`);
        const sid = real.getQuote(q)!.serverId!;
        try {
          const cur = await env.ben.getQuote(sid);
          await env.ben.updateQuote(sid, {
            expiresOn: cur.expiresOn,
            introMessage: `ben ${rng.int(1000)}`,
            termsAndDisclaimers: cur.termsAndDisclaimers,
            status: cur.status,
            published: cur.published,
          } as never);
          log.push(`remote edit (intro) ${q.slice(0, 8)}`);
        } catch (e) {
          log.push(`remote edit refused: ${(e as Error).message}`);
        }
        return;
      }
      case 'purgeQuote':
        // No undo window: the seed's clock does not wait out the app's 10 s hold.
        real.deleteQuote(q, 0);
        record({ kind: 'absent', quote: q, entity: 'quote', id: q, delivered: false });
        log.push(`local delete quote ${q.slice(0, 8)}`);
        return;
    }
  };

  /**
   * The seed's boundary did not come up in the chaos: set up what calls it and sync (no
   * random faults, only the one the set-up asks for), a few times if need be, until the app
   * has died there. A quote on the server comes first where there is none.
   */
  const provoke = async () => {
    provoked = true;
    const rates = life.rates;
    life.rates = NO_FAULTS;
    log.push(`provoke ${siteOf(trail.target)}`);
    for (let attempt = 0; attempt < 4 && !trail.targetHit; attempt++) {
      let ready = onServer();
      for (let i = 0; i < 4 && !ready.length && !trail.targetHit; i++) {
        if (i === 0) createLocal(rng.pick(Object.values(CLIENTS)));
        await cycle();
        ready = onServer();
      }
      if (trail.targetHit) break;
      if (ready.length) await setUp(trail.target.boundary, rng.pick(ready));
      for (let i = 0; i < 3 && !trail.targetHit; i++) await cycle();
    }
    // What was asked for and did not come up must not strike later, in the heal.
    trail.loseNext = null;
    trail.atNextChange = null;
    life.rates = rates;
  };

  try {
    // Chaos: edits on both sides, sync cycles through a broken network, crashes.
    life.rates = CHAOS;
    life.userEdit = localEdit;
    life.remoteEdit = (sid) => remoteEdit(sid);
    const steps = opts.steps ?? 14;
    for (let i = 0; i < steps; i++) {
      const a = rng.int(20);
      if (a < 10) localEdit();
      else if (a < 14) await remoteEdit();
      else if (a < 15) await createElsewhere();
      else await cycle();
    }
    life.userEdit = null;
    life.remoteEdit = null;
    // The seed's boundary never came up by chance: bring it about.
    if (!trail.targetHit) await provoke();

    // Heal: no more faults; resolve what is parked; sync until quiet.
    life.rates = NO_FAULTS;
    let quiet = false;
    for (let round = 0; round < 12 && !quiet; round++) {
      // A file that never came down before its quote was deleted remotely cannot be sent
      // with the copy: the engine says so, and the user removes that attachment.
      for (const e of real.listQuotes({ account: 'partner', limit: 100 }).content) {
        const rec = real.getQuote(e.id);
        if (rec?.syncState !== 'error' || !/not on this computer/.test(rec.syncMessage ?? ''))
          continue;
        for (const a of rec.work.attachments) {
          if (!a.sha256) {
            real.removeAttachment(e.id, a.id);
            log.push(`user removes attachment ${a.name} without a file`);
          }
        }
      }
      for (const c of real.sync.listConflicts()) {
        const q = c.quoteId;
        // Deleted here meanwhile: the engine deletes it remotely, nothing to choose — unless
        // a lost create is parked, which only the user can settle.
        if (!real.getQuote(q) || (real.getQuote(q)!.deleted && c.field !== '#create')) continue;
        if (c.entityKind === 'quote' && c.field === '*' && c.remote === null) {
          const src = real.getWork(q);
          // The original's conflicts go with it: what they hold was on record until now.
          const conflictsBefore = real.sync.listConflicts(q, true);
          const copy = saveMineAsNew(real, q);
          remap(records, src, real.getWork(copy), localQuotes, localItems, conflictsBefore);
          log.push(`resolve: save ${q.slice(0, 8)} as new ${copy.slice(0, 8)}`);
        } else if (c.field === '#create') {
          // A user looks at the server: adopt what did land, send again what did not.
          const op = (c.local as { op: string }).op;
          const sid = real.getQuote(q)!.serverId;
          // A quote create: one of the candidates is a quote this laptop made that none of
          // her quotes here stands for — bar the copy a pull brought in and she never touched
          // (the others are hers from another computer, or taken since).
          const adopt =
            op === 'createQuote'
              ? ((c.remote ?? []) as { serverId: string }[]).some((x) => {
                  const holder = real.sync.localIdOf('quote', x.serverId);
                  return (
                    landed.quotes.has(x.serverId) &&
                    (!holder ||
                      (!localQuotes.has(holder) && real.getQuote(holder)?.generation === 0))
                  );
                })
              : !!landed.last.get(landedKey(op, [sid]));
          if (adopt) takeTheirs(real, q, c.id);
          else takeMine(real, q, c.id);
          parked.push(`${op} ${adopt ? 'adopted' : 'sent again'}`);
          log.push(`resolve parked ${op} on ${q.slice(0, 8)}: ${adopt ? 'adopt' : 'send again'}`);
        } else if (c.field === 'status' || rng.chance(0.5)) {
          // Taking mine on an entity deleted remotely brings it back: a new server copy
          // that the user asked for, not a duplicate.
          if (c.entityKind === 'lineItem' && c.field === '*' && c.local) localItems.add(c.entityId);
          takeMine(real, q, c.id);
          log.push(`resolve mine ${c.entityKind}.${c.field}`);
        } else {
          takeTheirs(real, q, c.id);
          log.push(`resolve theirs ${c.entityKind}.${c.field}`);
        }
      }
      const r = await cycle();
      if (!r) continue;
      quiet =
        r.pushed.length === 0 &&
        !r.retry &&
        (r.pull?.imported ?? 0) + (r.pull?.refreshed ?? 0) + (r.pull?.removed ?? 0) === 0 &&
        real.sync.listConflicts().length === 0 &&
        real.sync.listJournal({}).length === 0;
    }
    if (!quiet) problems.push('sync did not go quiet after the network healed');
    await check();
  } catch (e) {
    problems.push(`run failed: ${(e as Error).stack ?? String(e)}`);
  } finally {
    try {
      real!.close();
    } catch {
      // already closed
    }
    env.proxy.speak(null);
    await cleanup(env.ben);
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    seed,
    ok: problems.length === 0,
    problems,
    crashes,
    crashSites,
    faults,
    faultKinds: Object.fromEntries(trail.faults) as Record<FaultKind, number>,
    target: siteOf(trail.target),
    targetHit: trail.targetHit,
    provoked,
    parked,
    dialects: dialects.map((d) => d.name),
    ms: Date.now() - t0,
    log,
  };

  async function check(): Promise<void> {
    const ada = env.ada;
    const remoteIds: string[] = [];
    for (let page = 0; ; page++) {
      const res = await ada.listQuotes({ account: 'partner', limit: 100, page });
      remoteIds.push(...res.content.map((c) => c.id));
      if (page + 1 >= res.page.totalPages) break;
    }
    const idOf = (kind: string, s: string) =>
      real.sync.localIdOf(kind as never, s) ?? `unmapped:${s}`;
    const local = real.listQuotes({ limit: 100, account: 'partner' }).content.map((e) => e.id);
    for (const sid of remoteIds) {
      const lq = real.sync.localIdOf('quote', sid);
      if ((!lq || !localQuotes.has(lq)) && !elsewhere.has(sid))
        problems.push(`duplicate or unknown quote on the server: ${sid}`);
    }
    // Every quote of the partner is listed here once sync is quiet (none skipped by paging).
    const held = new Set(local.map((q) => real.getQuote(q)?.serverId));
    for (const sid of remoteIds)
      if (!held.has(sid)) problems.push(`server quote ${sid} is not listed on the device`);
    const seenServer = new Set<string>();
    for (const q of local) {
      const rec = real.getQuote(q)!;
      if (!rec.serverId) {
        problems.push(`quote ${q} never reached the server`);
        continue;
      }
      if (seenServer.has(rec.serverId))
        problems.push(`two local quotes share server quote ${rec.serverId}`);
      seenServer.add(rec.serverId);
      const [quote, s, a] = await Promise.all([
        ada.getQuote(rec.serverId),
        ada.getSections(rec.serverId),
        ada.getAccessList(rec.serverId),
      ]);
      const agg = { quote, sections: s.sections, accessList: a.accessList };
      const server = fromRemote(agg, idOf);
      if (
        JSON.stringify(fromWork(rec.work)) !== JSON.stringify(server) &&
        !sameModel(fromWork(rec.work), server)
      ) {
        problems.push(
          `quote ${q}: work differs from the server\n  work:   ${JSON.stringify(fromWork(rec.work))}\n  server: ${JSON.stringify(server)}`,
        );
      }
      if (!rec.base || !sameModel(fromRemote(rec.base, idOf), server))
        problems.push(`quote ${q}: base differs from the server`);
      if (rec.dirty) problems.push(`quote ${q}: still dirty`);
      for (const li of quote.lineItems) {
        const lid = real.sync.localIdOf('lineItem', li.id);
        if (!benItems.has(li.id) && !(lid && localItems.has(lid)))
          problems.push(`quote ${q}: line item ${li.id} was created by no one (duplicate)`);
      }
      const itemIds = new Set(quote.lineItems.map((li) => li.id));
      for (const sec of s.sections) {
        for (const x of sec.lineItems)
          if (!itemIds.has(x.lineItemId))
            problems.push(`quote ${q}: section ${sec.name} refers to missing item ${x.lineItemId}`);
      }
    }
    if (real.sync.listJournal({}).length)
      problems.push(`journal not empty: ${JSON.stringify(real.sync.listJournal({}))}`);

    // Every local edit is on the server, or was there before someone else changed it, or is
    // on record in a conflict.
    const conflicts = new Map<string, ReturnType<EngineStore['sync']['listConflicts']>>();
    const conflictsOf = (q: string) => {
      if (!conflicts.has(q)) conflicts.set(q, real.sync.listConflicts(q, true));
      return conflicts.get(q)!;
    };
    for (const r of records.values()) {
      if (r.delivered) continue;
      const w = real.getQuote(r.quote)?.work ?? null;
      const e = entityOf(w, r.entity, r.id);
      const inConflict = conflictsOf(r.quote).some((c) => {
        if (c.entityKind !== r.entity || c.entityId !== r.id) return false;
        if (r.kind === 'field')
          return (
            (c.field === r.field && c.local === r.value) ||
            (c.field === '*' && (c.local as Record<string, unknown> | null)?.[r.field] === r.value)
          );
        if (r.kind === 'exists') return c.field === '*' && c.local !== null;
        return c.field === '*' && c.local === null;
      });
      const ok = r.kind === 'field' ? e?.[r.field] === r.value : r.kind === 'exists' ? !!e : !e;
      if (!ok && !inConflict) {
        problems.push(
          `lost local edit: ${JSON.stringify(r)}\n    now: ${JSON.stringify(e)}\n    conflicts: ${JSON.stringify(conflictsOf(r.quote).filter((c) => c.entityId === r.id))}`,
        );
      }
    }
  }
}

function sameModel(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([k, x]) => [k, sortKeys(x)]),
    );
  }
  return v;
}

/** "Save mine as new": the edits recorded for the old quote now live in the copy. */
function remap(
  records: Map<string, Rec>,
  src: WorkQuote,
  copy: WorkQuote,
  localQuotes: Set<string>,
  localItems: Set<string>,
  conflictsBefore: { entityKind: string; entityId: string; field: string; local: unknown }[],
) {
  localQuotes.add(copy.id);
  const ids = new Map<string, string>([[src.id, copy.id]]);
  const pair = <T extends { id: string }>(a: T[], b: T[]) =>
    a.forEach((x, i) => b[i] && ids.set(x.id, b[i]!.id));
  pair(src.lineItems, copy.lineItems);
  pair(src.sections, copy.sections);
  pair(src.accessList, copy.accessList);
  pair(src.attachments, copy.attachments);
  for (const li of copy.lineItems) localItems.add(li.id);
  for (const [k, r] of [...records]) {
    if (r.quote !== src.id) continue;
    records.delete(k);
    const onRecord = conflictsBefore.some(
      (c) =>
        c.entityKind === r.entity &&
        c.entityId === r.id &&
        r.kind === 'field' &&
        c.field === r.field &&
        c.local === r.value,
    );
    if (onRecord) continue;
    const id = ids.get(r.id);
    if (!id) continue; // deleted before: nothing to carry
    const moved = { ...r, quote: copy.id, id, delivered: false } as Rec;
    records.set(`${moved.entity}:${id}:${moved.kind === 'field' ? moved.field : '*'}`, moved);
  }
}

/** Every quote of the partner goes, so the next seed starts from an empty server view. */
async function cleanup(ben: ApiClient): Promise<void> {
  for (let guard = 0; guard < 20; guard++) {
    const res = await ben.listQuotes({ account: 'partner', limit: 100, page: 0 });
    if (!res.content.length) return;
    for (const q of res.content) await ben.deleteQuote(q.id).catch(() => undefined);
  }
}

function uuid(rng: Rng): string {
  const h = () => rng.int(0x10000).toString(16).padStart(4, '0');
  return `${h()}${h()}-${h()}-4${h().slice(1)}-${(8 + rng.int(4)).toString(16)}${h().slice(1)}-${h()}${h()}${h()}`;
}
