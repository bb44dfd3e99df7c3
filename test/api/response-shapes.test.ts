// Answers shaped differently from our server's, as other implementations of the spec may
// send them: the fault-injecting proxy rewrites the real server's JSON on the way back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidResponseError, type ApiClient } from '../../main/api';
import { startServer } from '../helpers/server';
import { UPPER_CASE_IDS } from './dialects';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { ACME_ID, ADA, clientFor, inDays, unexpected } from './fixtures';

let server: Awaited<ReturnType<typeof startServer>>;
let proxy: FaultProxy;
let client: ApiClient;
let quoteId: string;
let lineItemId: string;

beforeAll(async () => {
  server = await startServer();
  proxy = await startFaultProxy(server);
  client = clientFor(server, ADA, { baseUrl: proxy.url, caFile: proxy.caFile });
  quoteId = (await client.createQuote({ clientId: ACME_ID })).id;
  const [li] = await client.addLineItems(quoteId, [
    {
      type: 'Custom',
      productName: 'Cabling',
      billingTerm: 'One-Time',
      price: 100,
      cost: 60,
      initialTotal: 100,
      quantity: 1,
      effectiveDate: inDays(1),
    },
  ]);
  lineItemId = li!.id;
});
afterAll(async () => {
  await client?.close();
  await proxy?.stop();
  await server?.stop();
});
beforeEach(() => {
  proxy.clear();
  proxy.speak(null);
});

type Obj = Record<string, unknown>;

describe('fault-injecting proxy: tolerated response shapes', () => {
  it('lineItems sent as one object (as the spec declares it) reads as a list of one', async () => {
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: {
        kind: 'rewrite',
        edit: (q) => ({ ...(q as Obj), lineItems: ((q as Obj).lineItems as unknown[])[0] }),
      },
    });
    const q = await client.getQuote(quoteId);
    expect(q.lineItems.map((li) => li.id)).toEqual([lineItemId]);
  });

  it('extra fields and null optional fields are tolerated', async () => {
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: {
        kind: 'rewrite',
        edit: (q) => ({
          ...(q as Obj),
          brandNewField: { nested: true },
          publishedOn: null,
          ownedBy: null,
          client: { ...((q as Obj).client as Obj), tier: 'gold' },
        }),
      },
    });
    const q = await client.getQuote(quoteId);
    expect(q.id).toBe(quoteId);
    expect(q.publishedOn).toBeUndefined();
    expect(q.client.id).toBe(ACME_ID);
  });

  it('an answer missing required fields is an InvalidResponseError naming them (outcome unknown)', async () => {
    proxy.inject({
      method: 'GET',
      times: 1,
      fault: {
        kind: 'rewrite',
        edit: (q) => {
          const { totals: _t, status: _s, ...rest } = q as Obj;
          return rest;
        },
      },
    });
    const err = await client
      .getQuote(quoteId)
      .then(unexpected, (e: unknown) => e as InvalidResponseError);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err).toMatchObject({ status: 200, outcome: 'unknown', route: '/v2/quotes/{quoteId}' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual(['status', 'totals']);
    // A malformed answer is not retried: the server did answer.
    expect(proxy.count('GET', `/v2/quotes/${quoteId}`)).toBe(1);
  });

  it('ids written in upper case read in lower case, and ids sent go out in lower case', async () => {
    proxy.speak(UPPER_CASE_IDS);
    const q = await client.getQuote(quoteId.toUpperCase());
    expect(q.id).toBe(quoteId);
    expect(q.client.id).toBe(ACME_ID);
    expect(q.lineItems.map((li) => li.id)).toEqual([lineItemId]);
    // The server wrote them in upper case; the path we sent named the quote in lower case.
    expect(proxy.seen.map((s) => s.path)).toEqual([`/v2/quotes/${quoteId}`]);
  });
});
