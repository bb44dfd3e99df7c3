// Where an add-on goes when its product moves, and when it is moved alone.
import { describe, expect, it } from 'vitest';
import { planMove } from '../../renderer/editor/add-ons';
import { detail, item } from './fixtures';

const line = (id: string, parent?: string) =>
  item({
    id,
    kind: 'Standard',
    billingTerm: 'Monthly',
    quantity: 1,
    price: 10,
    cost: 5,
    ...(parent ? { requiredLineItemId: parent } : {}),
  });
const section = (id: string, lineItemIds: string[], order = 0) => ({
  id,
  serverId: null,
  name: id,
  order,
  lineItemIds,
});

describe('moving add-ons with their product', () => {
  const quote = detail([line('m365'), line('teams', 'm365'), line('phone', 'm365'), line('rack')], {
    sections: [section('Licences', []), section('Extras', ['phone'], 1)],
  });

  it('a product changing section takes the add-ons beside it along, not one moved elsewhere', () => {
    expect(planMove(quote, 'm365', 'Licences')).toEqual({ lineItemIds: ['m365', 'teams'] });
  });

  it('a product moved within its section moves alone', () => {
    expect(planMove(quote, 'm365', null)).toEqual({ lineItemIds: ['m365'] });
  });

  it('an add-on leaving its product’s section waits for a yes; one going back does not', () => {
    const away = planMove(quote, 'teams', 'Extras');
    expect(away.lineItemIds).toEqual(['teams']);
    expect(away.leavesParent?.parent.id).toBe('m365');
    expect(away.leavesParent?.parentSection).toBe('Not in a section');
    expect(planMove(quote, 'phone', null)).toEqual({ lineItemIds: ['phone'] });
  });

  it('an item with no add-ons moves alone', () => {
    expect(planMove(quote, 'rack', 'Licences')).toEqual({ lineItemIds: ['rack'] });
  });
});
