// The partner's logo on the proposal: drawn at the head of the first page from the data URL the
// profile keeps, read back from the PDF with poppler's pdfimages; no logo, no image.
import { describe, expect, it } from 'vitest';
import { proposalModel, renderProposal } from '../../main/proposal';
import { M365, acme, clientOf, seededStore } from '../store/fixtures';
import { bandPng } from '../helpers/png';
import { pdfImages } from './helpers';

describe("the partner's logo on the proposal", () => {
  it('prints the logo on the first page when one is kept, and no image without one', async () => {
    const store = seededStore();
    const q = store.createQuote({ client: clientOf(acme) });
    store.addLineItems(q.id, [
      { type: 'Standard', productId: M365.id, billingTerm: 'Monthly', quantity: 2 },
    ]);
    const work = store.getWork(q.id);
    const logo = `data:image/png;base64,${bandPng(120, 40, [0x1d, 0x4e, 0xd8]).toString('base64')}`;

    const withLogo = await renderProposal(proposalModel({ work, logo }));
    expect(pdfImages(withLogo.bytes)).toEqual([{ page: 1, width: 120, height: 40 }]);
    const without = await renderProposal(proposalModel({ work }));
    expect(pdfImages(without.bytes)).toEqual([]);
    store.close();
  });
});
