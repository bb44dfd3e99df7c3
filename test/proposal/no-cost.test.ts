// The proposal is the client's document: it never shows what the partner pays or earns —
// no unit cost, no cost or profit total, no margin, not even for a line priced below cost or a
// quote under the margin floor. Read back from the generated PDF's text (pdftotext).
import { describe, expect, it } from 'vitest';
import { proposalModel, renderProposal } from '../../main/proposal';
import { acme, clientOf, seededStore } from '../store/fixtures';
import { pdfText } from './helpers';

describe('proposal PDF and the partner’s money', () => {
  it('shows prices and totals, never a cost, profit or margin', async () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(q.id, {
      introMessage: 'Here is our offer.',
      termsAndDisclaimers: 'Net 30.',
    });
    store.addLineItems(q.id, [
      {
        type: 'Custom',
        productName: 'Onsite visit',
        productSku: 'SVC-VISIT',
        billingTerm: 'One-Time',
        price: 110,
        cost: 97.13,
        initialTotal: 220,
        quantity: 2,
      },
      {
        // Priced below its cost: flagged in the editor, never on the client's document.
        type: 'Custom',
        productName: 'Managed backup',
        productSku: 'SVC-BACKUP',
        billingTerm: 'Monthly',
        price: 8,
        cost: 11.41,
        initialTotal: 0,
        quantity: 5,
      },
    ]);
    const identity = store.identity();
    const w = { ...store.getWork(q.id), referenceCode: 'Q-2026-000077' };
    const { bytes } = await renderProposal(
      proposalModel({ work: w, partner: identity?.partner, preparedBy: identity?.user.fullName }),
      { locale: 'en-US' },
    );
    const text = pdfText(bytes);
    // What the client is offered is there…
    expect(text).toContain('Onsite visit');
    expect(text).toMatch(/\$110\.00/);
    expect(text).toMatch(/\$40\.00 per month/);
    // …and nothing of what the partner pays or earns: the words, the unit costs, the cost
    // totals (194.26, 57.05), the profits (25.74, -17.05) or the margins (11.7 %, -42.63 %).
    expect(text).not.toMatch(/cost|profit|margin|floor/i);
    for (const figure of ['97.13', '11.41', '194.26', '57.05', '25.74', '17.05', '11.7', '42.6']) {
      expect(text).not.toContain(figure);
    }
    store.close();
  });
});
