import { describe, expect, it } from 'vitest';
import {
  type HeaderState,
  type ItemState,
  type QuoteState,
  emptyQuote,
  placementKey,
} from '../../main/sync/model';
import { nextStep, type Step } from '../../main/sync/plan';
import { matchLostEntities, matchLostQuote } from '../../main/sync/lost-create';

const header: HeaderState = {
  clientId: 'c1',
  expiresOn: '2026-12-01T00:00:00.000Z',
  introMessage: 'Hello',
  termsAndDisclaimers: '',
  status: 'draft',
  published: false,
};

function item(productId: string, parent: string | null = null): ItemState {
  return {
    type: 'Standard',
    productId,
    productName: null,
    productSku: null,
    billingTerm: 'Monthly',
    commitmentTermId: null,
    quantity: 1,
    price: 10,
    cost: null,
    initialTotal: null,
    note: '',
    effectiveDate: '2026-11-01T00:00:00.000Z',
    parent,
    usageBased: null,
  };
}

/** Plays the plan against a server that does exactly what each call asks. */
function play(merged: QuoteState, known: QuoteState | null): Step[] {
  const steps: Step[] = [];
  let k = known ? structuredClone(known) : null;
  for (let s = nextStep(merged, k); s; s = nextStep(merged, k)) {
    steps.push(s);
    if (steps.length > 20) throw new Error('no convergence');
    if (s.kind === 'createQuote') k = emptyQuote({ ...merged.header, introMessage: '' });
    else if (s.kind === 'updateHeader') k!.header = { ...merged.header };
    else if (s.kind === 'deleteItems') for (const key of s.keys) delete k!.items[key];
    else if (s.kind === 'addItems' || s.kind === 'updateItems')
      for (const key of s.keys) k!.items[key] = structuredClone(merged.items[key]!);
    else if (s.kind === 'putSections') {
      k!.sections = structuredClone(merged.sections);
      k!.placements = structuredClone(merged.placements);
    } else if (s.kind === 'addAccess')
      for (const key of s.keys) k!.access[key] = merged.access[key]!;
    else if (s.kind === 'deleteAccess') delete k!.access[s.key];
    else if (s.kind === 'uploadAttachments')
      for (const key of s.keys) k!.attachments[key] = merged.attachments[key]!;
    else if (s.kind === 'updateAttachments') k!.attachments = structuredClone(merged.attachments);
    else if (s.kind === 'deleteAttachment') delete k!.attachments[s.key];
  }
  return steps;
}

function fullQuote(): QuoteState {
  const q = emptyQuote(header);
  q.items = { parent: item('p1'), addon: item('p2', 'parent'), other: item('p3') };
  q.sections = { s1: { name: 'Licences', order: 0 }, s2: { name: 'Services', order: 1 } };
  q.placements = {
    [placementKey('s1', 'parent')]: { order: 0 },
    [placementKey('s1', 'addon')]: { order: 1 },
    [placementKey('s2', 'other')]: { order: 0 },
  };
  q.access = {
    a1: { email: 'x@example.com', accountType: 'guest', accountName: null, accountRole: null },
  };
  q.attachments = { f1: { name: 'proposal.pdf', order: 0 } };
  return q;
}

describe('the planner: the fewest calls, in dependency order', () => {
  it('a new quote takes one call per step: create, items (add-on with its parent), sections, recipients, files, header last (its answer is the quote read back)', () => {
    const steps = play(fullQuote(), null);
    expect(steps.map((s) => s.kind)).toEqual([
      'createQuote',
      'addItems',
      'putSections',
      'addAccess',
      'uploadAttachments',
      'updateHeader',
    ]);
    const add = steps[1] as Extract<Step, { kind: 'addItems' }>;
    expect(add.keys.indexOf('parent')).toBeLessThan(add.keys.indexOf('addon'));
  });

  it('new items go to the server in the order the salesperson sees them, an add-on still after its parent', () => {
    const q = emptyQuote(header);
    q.items = { zeta: item('p1'), alpha: item('p2'), addon: item('p3', 'mid'), mid: item('p4') };
    const known = emptyQuote(header);
    const add = nextStep(q, known, { itemOrder: ['zeta', 'addon', 'mid', 'alpha'] });
    expect(add).toEqual({ kind: 'addItems', keys: ['zeta', 'mid', 'addon', 'alpha'] });
  });

  it('publishing is the last call, after the content it publishes', () => {
    const q = fullQuote();
    const known = structuredClone(q);
    q.header = { ...q.header, status: 'sent', published: true };
    q.items.other = { ...q.items.other!, quantity: 5 };
    expect(play(q, known).map((s) => s.kind)).toEqual(['updateItems', 'updateHeader']);
  });

  it('reopening a sent quote comes first, so the edits after it are allowed', () => {
    const known = fullQuote();
    known.header = { ...known.header, status: 'sent', published: true };
    const q = fullQuote();
    q.items.other = { ...q.items.other!, quantity: 5 };
    expect(play(q, known).map((s) => s.kind)).toEqual(['updateHeader', 'updateItems']);
  });

  it('a parent that must be replaced takes its add-on with it, and both come back in one call', () => {
    const known = fullQuote();
    const q = fullQuote();
    q.items.parent = { ...q.items.parent!, productId: 'p9' }; // products cannot be updated in place
    const steps = play(q, known);
    expect(steps.map((s) => s.kind)).toEqual(['deleteItems', 'addItems']);
    expect((steps[0] as Extract<Step, { kind: 'deleteItems' }>).keys).toEqual(['addon', 'parent']);
    expect((steps[1] as Extract<Step, { kind: 'addItems' }>).keys).toEqual(['parent', 'addon']);
  });

  it('nothing to do when the server already holds the merged state', () => {
    expect(nextStep(fullQuote(), fullQuote())).toBeNull();
  });
});

describe('finding a create whose answer was lost', () => {
  const entry = { clientId: 'c1', journalledAt: '2026-11-22T10:00:00.000Z' };
  it('adopts the one quote of that client created since, and only one no local quote stands for', () => {
    const m = matchLostQuote(
      entry,
      [
        { id: 'q-old', clientId: 'c1', createdOn: '2026-11-01T10:00:00.000Z' },
        { id: 'q-other-client', clientId: 'c2', createdOn: '2026-11-22T10:00:01.000Z' },
        { id: 'q-known', clientId: 'c1', createdOn: '2026-11-22T10:00:02.000Z' },
        { id: 'q-lost', clientId: 'c1', createdOn: '2026-11-22T10:00:01.000Z' },
      ],
      (id) => id === 'q-known',
    );
    expect(m).toEqual({
      kind: 'adopt',
      found: { id: 'q-lost', clientId: 'c1', createdOn: '2026-11-22T10:00:01.000Z' },
    });
  });
  it('none found: safe to send again; two found: ambiguous, for the user', () => {
    expect(matchLostQuote(entry, [], () => false).kind).toBe('none');
    const two = [
      { id: 'a', clientId: 'c1', createdOn: '2026-11-22T10:00:01.000Z' },
      { id: 'b', clientId: 'c1', createdOn: '2026-11-22T10:00:02.000Z' },
    ];
    expect(matchLostQuote(entry, two, () => false).kind).toBe('ambiguous');
  });
  it('line items: all of the request found once each → adopt; part of it → ambiguous', () => {
    const wanted = [
      { key: 'k1', fingerprint: 'A' },
      { key: 'k2', fingerprint: 'A' },
      { key: 'k3', fingerprint: 'B' },
    ];
    const adopt = matchLostEntities(wanted, [
      { id: 's1', fingerprint: 'A' },
      { id: 's2', fingerprint: 'B' },
      { id: 's3', fingerprint: 'A' },
    ]);
    expect(adopt.kind).toBe('adopt');
    expect(matchLostEntities(wanted, [{ id: 's1', fingerprint: 'A' }]).kind).toBe('ambiguous');
    expect(matchLostEntities(wanted, [{ id: 's9', fingerprint: 'Z' }]).kind).toBe('none');
  });
});
