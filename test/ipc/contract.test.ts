import { describe, expect, it } from 'vitest';
import {
  callNames,
  calls,
  createIpcClient,
  errorFromZod,
  eventNames,
  isCallName,
  tokenFromLocation,
  type Bridge,
  type IpcResult,
} from '../../common/ipc';

describe('IPC contract', () => {
  it('names every call area.verb and keeps names unique', () => {
    expect(callNames.length).toBeGreaterThan(60);
    for (const name of callNames) expect(name).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
    expect(new Set(callNames).size).toBe(callNames.length);
    expect(eventNames).toEqual(
      expect.arrayContaining(['quote.changed', 'sync.state', 'sync.quoteState', 'profile.changed']),
    );
  });

  it('refuses names outside the contract, including prototype keys', () => {
    expect(isCallName('quotes.list')).toBe(true);
    expect(isCallName('toString')).toBe(false);
    expect(isCallName('__proto__')).toBe(false);
    expect(isCallName('quotes.dropTable')).toBe(false);
  });

  it('fills the list defaults of the API (page 0, size 10, account user)', () => {
    const parsed = calls['quotes.list'].input.parse({});
    expect(parsed).toMatchObject({ page: 0, limit: 10, account: 'user' });
    const tooBig = calls['quotes.list'].input.safeParse({ limit: 101 });
    expect(tooBig.success).toBe(false);
  });

  it('names the field of a bad custom line item in the error', () => {
    const result = calls['lineItems.add'].input.safeParse({
      quoteId: 'q1',
      items: [
        {
          type: 'Custom',
          billingTerm: 'Monthly',
          price: 10,
          quantity: 1,
          cost: 5,
          initialTotal: 0,
          productName: 'Bad_name!',
        },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const error = errorFromZod(result.error);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.field).toBe('items.0.productName');
    expect(error.message).toContain('items.0.productName');
  });

  it('refuses a custom billing term a custom item may not have, and 5 decimals', () => {
    const base = {
      quoteId: 'q',
      items: [{ type: 'Custom', cost: 1, initialTotal: 0, productName: 'X', quantity: 1 }],
    };
    const term = calls['lineItems.add'].input.safeParse({
      ...base,
      items: [{ ...base.items[0], billingTerm: '3 Year', price: 1 }],
    });
    expect(term.success).toBe(false);
    const decimals = calls['lineItems.add'].input.safeParse({
      ...base,
      items: [{ ...base.items[0], billingTerm: 'Monthly', price: 1.23456 }],
    });
    expect(decimals.success).toBe(false);
    if (!decimals.success) expect(errorFromZod(decimals.error).field).toBe('items.0.price');
  });

  it('refuses a negative price or cost where it enters, on add and on update, naming the field', () => {
    const item = {
      type: 'Custom',
      billingTerm: 'Monthly',
      price: 1,
      cost: 1,
      initialTotal: 0,
      productName: 'X',
      quantity: 1,
    };
    const fieldOf = (r: { success: boolean; error?: Parameters<typeof errorFromZod>[0] }) =>
      r.success ? null : errorFromZod(r.error!);
    const added = calls['lineItems.add'].input.safeParse({
      quoteId: 'q',
      items: [{ ...item, price: -1 }],
    });
    expect(fieldOf(added)).toMatchObject({ field: 'items.0.price' });
    expect(fieldOf(added)?.message).toMatch(/negative/);
    const patched = calls['lineItems.update'].input.safeParse({
      quoteId: 'q',
      lineItemId: 'l',
      patch: { cost: -0.01 },
    });
    expect(fieldOf(patched)).toMatchObject({ field: 'patch.cost' });
    const renamed = calls['lineItems.update'].input.safeParse({
      quoteId: 'q',
      lineItemId: 'l',
      patch: { productName: 'bad/name' },
    });
    expect(fieldOf(renamed)).toMatchObject({ field: 'patch.productName' });
    // Zero is a price (a free item).
    expect(
      calls['lineItems.update'].input.safeParse({
        quoteId: 'q',
        lineItemId: 'l',
        patch: { price: 0 },
      }).success,
    ).toBe(true);
  });

  it('accepts only https profile addresses and trims a trailing slash', () => {
    const input = calls['profiles.add'].input;
    const good = input.parse({
      name: 'Demo',
      baseUrl: 'https://127.0.0.1:8443/',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(good.baseUrl).toBe('https://127.0.0.1:8443');
    const plain = input.safeParse({
      name: 'x',
      baseUrl: 'http://example.com',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(plain.success).toBe(false);
    if (!plain.success) expect(errorFromZod(plain.error).field).toBe('baseUrl');
  });

  it('refuses a header edit that changes nothing', () => {
    expect(calls['quotes.updateHeader'].input.safeParse({ quoteId: 'q' }).success).toBe(false);
    expect(
      calls['quotes.updateHeader'].input.safeParse({ quoteId: 'q', introMessage: '' }).success,
    ).toBe(true);
  });

  it('typed client passes name and input through and unwraps errors in call()', async () => {
    const seen: unknown[] = [];
    const bridge: Bridge = {
      async invoke(name, input): Promise<IpcResult<unknown>> {
        seen.push([name, input]);
        if (name === 'quotes.get')
          return { ok: false, error: { code: 'NOT_FOUND', message: 'No such quote.' } };
        return { ok: true, value: { done: true } };
      },
      on: () => () => {},
    };
    const client = createIpcClient(bridge);
    await expect(client.call('library.delete', { attachmentId: 'a' })).resolves.toEqual({
      done: true,
    });
    await expect(client.call('quotes.get', { quoteId: 'x' })).rejects.toThrow('No such quote.');
    const res = await client.invoke('quotes.get', { quoteId: 'x' });
    expect(res.ok).toBe(false);
    expect(seen[0]).toEqual(['library.delete', { attachmentId: 'a' }]);
  });

  it('reads the browser-mode token from the fragment', () => {
    expect(tokenFromLocation('#token=abc123&x=1')).toBe('abc123');
    expect(tokenFromLocation('')).toBeUndefined();
  });
});
