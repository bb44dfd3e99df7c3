// Every call that edits the open quote is one undo step: it raises the quote's undo depth by
// exactly one, one Undo after it gives back the quote exactly as it was before the call (not
// the state between two of its parts), and one Redo gives back what the call made; its answer
// is the quote as a read of it after the call shows it. The calls
// walked are every edit of the store's registry (its own list, common/ipc/edit-calls.ts, so a
// new row is walked the moment it exists and does not compile here without its case) and the
// editor's other edit calls (renderer/state/edit-calls.ts). Real core, real store, real server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcInput, QuoteDetail } from '../../common/ipc';
import { EDIT_CALL_NAMES } from '../../common/ipc/edit-calls';
import { quoteIn, type EditCall } from '../../renderer/state/edit-calls';
import { startServer, type StartedServer } from '../helpers/server';
import { DEMO, login, type Api } from '../helpers/server-api';
import {
  connectNorthwind,
  fakeDialogPlatform,
  pdfBytes,
  startHarness,
  type Harness,
} from './harness';

let server: StartedServer;
let remote: Api;
let h: Harness;
let libraryId = '';
let colleagueQuoteId = '';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-undo-step-'));
const pdfOnDisk = path.join(scratch, 'Datasheet.pdf');

beforeAll(async () => {
  fs.writeFileSync(pdfOnDisk, pdfBytes('on disk'));
  server = await startServer();
  remote = await login(server.baseUrl, server.ca, DEMO.ada);
  h = await startHarness({ platform: fakeDialogPlatform([pdfOnDisk], null, []), embedded: null });
  await connectNorthwind(h, server);
  const [entry] = await h.call('library.addFromBytes', {
    files: [{ name: 'Brochure.pdf', base64: pdfBytes('brochure').toString('base64') }],
  });
  libraryId = entry!.id;
  // A colleague's quote, for taking it over.
  const ben = await remote.as(DEMO.ben);
  const made = await ben.post('/v2/quotes', { clientId: DEMO.clients.blueFjord });
  const serverId = (made.json as { id: string }).id;
  colleagueQuoteId = await h.waitFor("the colleague's quote here", async () => {
    await h.call('sync.runNow');
    const list = await h.call('quotes.list', { account: 'partner', limit: 100 });
    return list.content.find((x) => x.serverId === serverId && !x.listOnly)?.id;
  });
  // Nothing but the calls themselves changes the quotes from here on.
  await idle();
}, 120_000);
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const custom = (name: string, quantity: number) => ({
  type: 'Custom' as const,
  productName: name,
  billingTerm: 'One-Time' as const,
  quantity,
  price: 100,
  cost: 60,
  initialTotal: 100 * quantity,
});

/** A quote with something of everything an edit can touch, made by earlier steps. */
async function richQuote(): Promise<QuoteDetail> {
  const made = await h.call('quotes.create', { clientId: DEMO.clients.acme });
  const quoteId = made.header.id;
  await h.call('lineItems.add', {
    quoteId,
    items: [
      custom('Setup', 1),
      custom('Training', 2),
      custom('Cabling', 3),
      { type: 'Standard', productId: DEMO.products.m365, billingTerm: 'Monthly', quantity: 5 },
    ],
  });
  const a = (await h.call('sections.create', { quoteId, name: 'Services' })).sectionId;
  await h.call('sections.create', { quoteId, name: 'Licences' });
  const q = await h.call('quotes.get', { quoteId });
  await h.call('lineItems.move', { quoteId, lineItemIds: [q.lineItems[0]!.id], sectionId: a });
  await h.call('attachments.addFromBytes', {
    quoteId,
    files: ['One.pdf', 'Two.pdf'].map((name) => ({
      name,
      base64: pdfBytes(name).toString('base64'),
    })),
  });
  await h.call('accessList.add', { quoteId, entries: [{ email: 'buyer@acme.example' }] });
  return h.call('quotes.get', { quoteId });
}

/** What the user sees of a quote: everything but the bookkeeping an edit always moves. */
function content(q: QuoteDetail) {
  const { updatedOn: _u, ...header } = q.header;
  return {
    header,
    lineItems: q.lineItems,
    sections: q.sections,
    accessList: q.accessList,
    attachments: q.attachments,
    totals: q.totals,
  };
}

/** How many steps Undo can take back on the quote (the store's own count, as exported). */
async function undoDepth(quoteId: string): Promise<number> {
  const { json } = await h.call('quotes.export', { quoteId });
  return (JSON.parse(json) as { state: { undoDepth: number } }).state.undoDepth;
}

async function idle(): Promise<void> {
  await h.call('sync.pause');
  await h.waitFor('the last cycle', async () => !(await h.call('sync.status')).running);
}

/** A synced quote whose introduction and terms were changed here and on the server. */
async function conflicted(): Promise<QuoteDetail> {
  await h.call('sync.resume');
  const { header } = await h.call('quotes.create', { clientId: DEMO.clients.cedar });
  const quoteId = header.id;
  const serverId = await h.waitFor('the first sync', async () => {
    await h.call('sync.runNow');
    return (await h.call('quotes.get', { quoteId })).header.serverId;
  });
  await idle();
  await h.call('quotes.updateHeader', {
    quoteId,
    introMessage: 'Mine',
    termsAndDisclaimers: 'Mine',
  });
  const cur = (await remote.get(`/v2/quotes/${serverId}`)).json as Record<string, unknown>;
  const put = await remote.put(`/v2/quotes/${serverId}`, {
    ...cur,
    introMessage: 'Theirs',
    termsAndDisclaimers: 'Theirs',
  });
  expect(put.status, put.text).toBe(200);
  await h.call('sync.resume');
  await h.waitFor('both conflicts', async () => {
    await h.call('sync.runNow');
    return (await h.call('sync.conflicts', { quoteId })).conflicts.length === 2;
  });
  await idle();
  return h.call('quotes.get', { quoteId });
}

type Case<N extends EditCall> = {
  /** Steps before the call (on the quote made for it); answers the call's input. */
  input: (q: QuoteDetail) => Promise<IpcInput<N>> | IpcInput<N>;
  /** The quote the call is made on; default a fresh `richQuote()`. */
  quote?: () => Promise<QuoteDetail>;
};
type NotOne = { notAnEditOfOneQuote: string };

const q0 = (q: QuoteDetail) => ({ quoteId: q.header.id });

const cases: { [N in EditCall]: Case<N> | NotOne } = {
  'quotes.get': { notAnEditOfOneQuote: 'a read' },
  'quotes.create': { notAnEditOfOneQuote: 'makes a new quote, with nothing to undo' },
  'quotes.duplicate': { notAnEditOfOneQuote: 'makes a new quote, with nothing to undo' },
  'quotes.restore': { notAnEditOfOneQuote: 'the Undo of a delete (delete-undo.test.ts)' },
  'edits.undo': { notAnEditOfOneQuote: 'the undo itself' },
  'edits.redo': { notAnEditOfOneQuote: 'the redo itself' },
  'sync.resolve': {
    quote: conflicted,
    input: (q) => ({ ...q0(q), take: 'theirs' }),
  },
  'quotes.updateHeader': { input: (q) => ({ ...q0(q), introMessage: 'Dear Acme' }) },
  'quotes.setStatus': { input: (q) => ({ ...q0(q), status: 'sent' }) },
  'quotes.publish': { input: q0 },
  'quotes.takeOwnership': {
    quote: () => h.call('quotes.get', { quoteId: colleagueQuoteId }),
    input: q0,
  },
  'versions.restore': {
    input: async (q) => {
      const v = await h.call('versions.save', { ...q0(q), label: 'Before the changes' });
      await h.call('lineItems.delete', { ...q0(q), lineItemIds: [q.lineItems[1]!.id] });
      await h.call('sections.delete', { ...q0(q), sectionId: q.sections[0]!.id });
      return { ...q0(q), number: v.number };
    },
  },
  'desk.respond': {
    input: (q) => ({
      ...q0(q),
      kind: 'accepted',
      name: 'Dana Whitfield',
      email: 'dana@cedarpine.example',
      signature: { kind: 'typed', text: 'Dana Whitfield' },
      timeZone: 'Europe/Berlin',
    }),
  },
  'desk.decide': {
    notAnEditOfOneQuote:
      'needs an answer that sync stopped on a changed server copy (test/e2e/desk-accept.test.ts)',
  },
  'proposal.attach': {
    // Attached again: the earlier proposal of the same name gives way in the same call.
    input: async (q) => (await h.call('proposal.attach', q0(q)), q0(q)),
  },
  'lineItems.add': {
    input: (q) => ({
      ...q0(q),
      sectionId: q.sections[1]!.id,
      items: [custom('Migration', 1), custom('Support', 4)],
    }),
  },
  'lineItems.update': {
    input: (q) => ({ ...q0(q), lineItemId: q.lineItems[1]!.id, patch: { quantity: 7 } }),
  },
  'lineItems.delete': {
    input: (q) => ({ ...q0(q), lineItemIds: [q.lineItems[0]!.id, q.lineItems[2]!.id] }),
  },
  'lineItems.move': {
    input: (q) => ({
      ...q0(q),
      lineItemIds: [q.lineItems[1]!.id, q.lineItems[2]!.id],
      sectionId: q.sections[1]!.id,
    }),
  },
  'sections.create': { input: (q) => ({ ...q0(q), name: 'Hardware' }) },
  'sections.rename': {
    input: (q) => ({ ...q0(q), sectionId: q.sections[0]!.id, name: 'Onsite services' }),
  },
  'sections.delete': { input: (q) => ({ ...q0(q), sectionId: q.sections[0]!.id }) },
  'sections.reorder': {
    input: (q) => ({ ...q0(q), sectionIds: q.sections.map((s) => s.id).reverse() }),
  },
  'accessList.add': {
    input: (q) => ({
      ...q0(q),
      entries: [{ email: 'cfo@acme.example' }, { email: 'it@acme.example' }],
    }),
  },
  'accessList.remove': { input: (q) => ({ ...q0(q), entryId: q.accessList[0]!.id }) },
  'attachments.addFromPaths': {
    input: async (q) => {
      const { paths } = await h.call('app.choosePdfFiles', { multiple: true });
      return { ...q0(q), paths };
    },
  },
  'attachments.addFromBytes': {
    input: (q) => ({
      ...q0(q),
      files: ['Three.pdf', 'Four.pdf'].map((name) => ({
        name,
        base64: pdfBytes(name).toString('base64'),
      })),
    }),
  },
  'attachments.rename': {
    input: (q) => ({ ...q0(q), attachmentId: q.attachments[0]!.id, name: 'Renamed.pdf' }),
  },
  'attachments.reorder': {
    input: (q) => ({ ...q0(q), attachmentIds: q.attachments.map((a) => a.id).reverse() }),
  },
  'attachments.copyFromLibrary': {
    input: (q) => ({ ...q0(q), libraryAttachmentIds: [libraryId] }),
  },
  'attachments.delete': { input: (q) => ({ ...q0(q), attachmentId: q.attachments[1]!.id }) },
  'kits.insert': {
    input: async (q) => {
      const { kit } = await h.call('kits.save', {
        ...q0(q),
        lineItemIds: [q.lineItems[0]!.id, q.lineItems[1]!.id],
        name: `Starter ${q.header.id.slice(0, 8)}`,
      });
      return { ...q0(q), kitId: kit.id };
    },
  },
  'followUps.extendExpiry': { input: q0 },
  'choices.tick': {
    // The client unticks an optional line: it and its lines leave the quote.
    input: async (q) => {
      const view = await h.call('options.markLine', { ...q0(q), lineItemId: q.lineItems[1]!.id });
      return { ...q0(q), optionId: view.options[0]!.id, chosen: false };
    },
  },
  'choices.pick': {
    // The client picks the other alternative: one section's lines leave, the other's come back.
    input: async (q) => {
      await h.call('lineItems.move', {
        ...q0(q),
        lineItemIds: [q.lineItems[1]!.id],
        sectionId: q.sections[1]!.id,
      });
      const view = await h.call('options.group', {
        ...q0(q),
        name: 'Choose one of',
        sectionIds: q.sections.map((s) => s.id),
        chosenSectionId: q.sections[0]!.id,
      });
      const other = view.options.find((o) => !o.chosen)!;
      return { ...q0(q), groupId: view.groups[0]!.id, optionId: other.id };
    },
  },
};

const others = (Object.keys(quoteIn) as EditCall[]).filter(
  (n) => !(EDIT_CALL_NAMES as string[]).includes(n),
);
const walked: EditCall[] = [...EDIT_CALL_NAMES, ...others];

describe('one call, one undo step', () => {
  it('walks every edit of the registry and every other edit call of the editor', () => {
    expect(Object.keys(cases).sort()).toEqual([...walked].sort());
    expect(EDIT_CALL_NAMES.length).toBeGreaterThanOrEqual(21);
    for (const name of walked) {
      const c = cases[name];
      if ('notAnEditOfOneQuote' in c) console.log(`not walked: ${name} (${c.notAnEditOfOneQuote})`);
    }
  });

  const edits = walked.filter((n) => !('notAnEditOfOneQuote' in cases[n]));
  it.each(edits)(
    '%s: one step deeper, one Undo gives back the quote as it was, one Redo the change',
    async (name) => {
      const c = cases[name] as Case<typeof name>;
      let q = await (c.quote ?? richQuote)();
      const input = await c.input(q);
      q = await h.call('quotes.get', q0(q));
      const depth = await undoDepth(q.header.id);
      const after = quoteIn[name]((await h.call(name, input as never)) as never);
      // The answer is built from the copy the edit wrote, not read back: it must be that quote.
      expect(after, `${name}'s answer`).toEqual(await h.call('quotes.get', q0(q)));
      expect(content(after), `${name} changed nothing`).not.toEqual(content(q));
      expect(after.canUndo).toBe(true);
      expect(await undoDepth(q.header.id), `undo depth after ${name}`).toBe(depth + 1);

      const undone = await h.call('edits.undo', q0(q));
      expect(content(undone), `one Undo after ${name}`).toEqual(content(q));
      expect(undone.canUndo).toBe(q.canUndo);
      const redone = await h.call('edits.redo', q0(q));
      expect(content(redone), `one Redo after ${name}`).toEqual(content(after));
      expect(redone.canRedo).toBe(false);
    },
  );
});
