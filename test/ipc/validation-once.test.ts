// Validation happens once, where data enters: the dispatcher checks every call's input with
// the IPC schema before any service runs, and those schemas are built from the API's own field
// schemas (common/api), so a field's rule — a quantity's bounds, a price's, a name's — is
// stated in one place. The store, the sync engine and the API client's request side trust the
// types; the server checks what it receives at its own boundary.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as apiLineItems from '../../common/api/line-item-payloads';
import * as apiPayloads from '../../common/api/payloads';
import {
  AddAccessListEntryPayload,
  CreateQuotePayload,
  CreateSectionPayload,
  CustomProductName,
  LIMITS,
  Money,
  Note,
  Quantity,
  UpdateAttachmentPayload,
  UnitMoney,
  UpdateQuotePayload,
} from '../../common/api';
import { calls, type CallName, type IpcError } from '../../common/ipc';
import { KitCustomItem } from '../../common/kits/kit-file';
import { AddCustomItem, AddStandardItem, LineItemPatch, UnitAmount } from '../../common/ipc/shapes';
import { createDispatcher, type Handlers } from '../../main/services/dispatcher';
import { REPO_ROOT } from '../helpers/server';

const Q = '6f1c1a52-3b8e-4a8f-9d2f-0c6a3e1b2c3d';
const L = '0a7c5b1e-1111-4111-8111-111111111111';
const PRODUCT = '4b87bb87-a5fa-4d62-b4d8-3b4e85fc55fc';

/** The real dispatcher over services that record each call they get: none may run here. */
function boundary() {
  const reached: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name: string) => () => {
      reached.push(name);
      return { done: true };
    },
  });
  const dispatch = createDispatcher(handlers);
  return {
    reached,
    /** The refusal of `input`, which no service may have seen. */
    async refuse(name: CallName, input: unknown): Promise<IpcError> {
      const res = await dispatch(name, input, { via: 'test' });
      expect(res.ok, `${name} should have been refused: ${JSON.stringify(input)}`).toBe(false);
      expect(reached).toEqual([]);
      return (res as { ok: false; error: IpcError }).error;
    },
    async accept(name: CallName, input: unknown): Promise<void> {
      const res = await dispatch(name, input, { via: 'test' });
      expect(res.ok, `${name} should have been accepted: ${JSON.stringify(res)}`).toBe(true);
    },
  };
}

/** What the API's own schema says of a value: the server's words for the same rule. */
const apiSays = (
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

const custom = {
  type: 'Custom',
  billingTerm: 'One-Time',
  price: 1,
  cost: 1,
  initialTotal: 1,
  quantity: 1,
  productName: 'Setup',
};
const add = (item: object) => ({ quoteId: Q, items: [item] });

describe('validation once, at the IPC boundary', () => {
  it('refuses a quantity outside the API’s bounds where it enters, naming the field in the API’s words', async () => {
    const b = boundary();
    for (const quantity of [0, -3, 1.5, LIMITS.quantityMax + 1, '7']) {
      const e = await b.refuse('lineItems.update', {
        quoteId: Q,
        lineItemId: L,
        patch: { quantity },
      });
      expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'patch.quantity' });
      expect(e.message).toContain('patch.quantity');
      expect(e.message).toContain(apiSays(Quantity, quantity));
      const a = await b.refuse('lineItems.add', add({ ...custom, quantity }));
      expect(a).toMatchObject({ field: 'items.0.quantity' });
      expect(a.message).toContain(apiSays(Quantity, quantity));
    }
    await b.accept('lineItems.update', {
      quoteId: Q,
      lineItemId: L,
      patch: { quantity: LIMITS.quantityMax },
    });
  });

  it('states each field’s rule once: the IPC fields are the API’s schemas', () => {
    expect(AddStandardItem.shape.quantity).toBe(Quantity);
    expect(AddCustomItem.shape.quantity).toBe(Quantity);
    expect(LineItemPatch.shape.quantity.unwrap()).toBe(Quantity);
    expect(AddCustomItem.shape.productName).toBe(CustomProductName);
    expect(LineItemPatch.shape.productName.unwrap()).toBe(CustomProductName);
    expect(LineItemPatch.shape.note.unwrap()).toBe(Note);
    expect(calls['sections.create'].input.shape.name).toBe(CreateSectionPayload.shape.name);
    expect(calls['sections.rename'].input.shape.name).toBe(CreateSectionPayload.shape.name);
    expect(calls['attachments.rename'].input.shape.name).toBe(UpdateAttachmentPayload.shape.name);
    expect(calls['quotes.create'].input.shape.clientId).toBe(CreateQuotePayload.shape.clientId);
    const header = calls['quotes.updateHeader'].input.shape;
    expect(header.introMessage.unwrap()).toBe(UpdateQuotePayload.shape.introMessage);
    expect(header.expiresOn.unwrap()).toBe(UpdateQuotePayload.shape.expiresOn);
    const entry = calls['accessList.add'].input.shape.entries.element.shape;
    expect(entry.email).toBe(AddAccessListEntryPayload.shape.email);
    expect(calls['preferences.update'].input).toBe(apiPayloads.PreferencesPayload);
    // A kit file, the other way quote lines enter, is checked with the same schemas.
    expect(KitCustomItem.shape.quantity).toBe(Quantity);
    expect(KitCustomItem.shape.productName).toBe(CustomProductName);
    expect(KitCustomItem.shape.price).toBe(UnitMoney);
    // A unit amount is the API's Money (its bounds) with the 4 decimals the money code keeps.
    expect(UnitAmount).toBe(UnitMoney);
    for (const v of [-1, LIMITS.moneyMax + 1])
      expect(apiSays(UnitAmount, v)).toBe(apiSays(Money, v));
    expect(apiSays(UnitAmount, 1.23456)).toBe('must have at most 4 decimal places');
  });

  it('refuses the shapes the API refuses, each field named, before any service runs', async () => {
    const b = boundary();
    const fieldOf = async (name: CallName, input: unknown) => (await b.refuse(name, input)).field;
    expect(await fieldOf('quotes.create', { clientId: 'nope' })).toBe('clientId');
    expect(await fieldOf('quotes.updateHeader', { quoteId: Q, expiresOn: 'next tuesday' })).toBe(
      'expiresOn',
    );
    expect(await fieldOf('quotes.setStatus', { quoteId: Q, status: 'won' })).toBe('status');
    expect(await fieldOf('lineItems.add', add({ ...custom, productName: 'Setup & travel' }))).toBe(
      'items.0.productName',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, productName: 'x'.repeat(256) }))).toBe(
      'items.0.productName',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, productSku: 'SKU_1' }))).toBe(
      'items.0.productSku',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, productSku: 'A'.repeat(101) }))).toBe(
      'items.0.productSku',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, note: 'n'.repeat(2001) }))).toBe(
      'items.0.note',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, billingTerm: '3 Year' }))).toBe(
      'items.0.billingTerm',
    );
    expect(await fieldOf('lineItems.add', add({ ...custom, price: -1 }))).toBe('items.0.price');
    expect(await fieldOf('lineItems.add', add({ ...custom, cost: -0.01 }))).toBe('items.0.cost');
    expect(
      await fieldOf(
        'lineItems.add',
        add({
          type: 'Standard',
          productId: PRODUCT,
          billingTerm: 'Monthly',
          quantity: 1,
          price: -5,
        }),
      ),
    ).toBe('items.0.price');
    const { productName: _n, price: _p, cost: _c, initialTotal: _i, ...bare } = custom;
    const missing = await b.refuse('lineItems.add', add(bare));
    expect(missing.details?.map((d) => d.field).sort()).toEqual(
      ['items.0.cost', 'items.0.initialTotal', 'items.0.price', 'items.0.productName'].sort(),
    );
    expect(await fieldOf('sections.create', { quoteId: Q, name: '   ' })).toBe('name');
    expect(
      await fieldOf('accessList.add', { quoteId: Q, entries: [{ email: 'not-an-email' }] }),
    ).toBe('entries.0.email');
    // At the limits, and an empty SKU (none), all is well.
    await b.accept(
      'lineItems.add',
      add({ ...custom, productName: 'y'.repeat(255), note: 'n'.repeat(2000), productSku: 'A-1' }),
    );
    await b.accept('lineItems.update', { quoteId: Q, lineItemId: L, patch: { productSku: '' } });
    await b.accept('lineItems.update', { quoteId: Q, lineItemId: L, patch: { price: 0 } });
  });

  it('leaves no schema of its own for these fields in the store, the sync engine or the API client', () => {
    // The API's payload schemas, and the field schemas they are built from.
    const schemas = new Set(
      [
        ...Object.keys(apiPayloads),
        ...Object.keys(apiLineItems),
        'Quantity',
        'Money',
        'Note',
      ].filter((n) => /^[A-Z]/.test(n)),
    );
    const uses: string[] = [];
    for (const dir of ['main/store', 'main/sync', 'main/api']) {
      for (const file of fs.readdirSync(path.join(REPO_ROOT, dir), { recursive: true })) {
        if (!String(file).endsWith('.ts')) continue;
        const text = fs.readFileSync(path.join(REPO_ROOT, dir, String(file)), 'utf8');
        for (const m of text.matchAll(/^import \{([^}]*)\} from '[./]*common\/api[^']*';/gm))
          for (const name of m[1]!.split(',').map((s) => s.trim()))
            if (schemas.has(name)) uses.push(`${dir}/${String(file)}: ${name}`);
      }
    }
    expect(uses).toEqual([]);
  });
});
