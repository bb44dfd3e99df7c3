// Present mode: the open quote as the client may see it, made from the same model as the
// proposal PDF (main/proposal/model.ts), so the screen and the document agree to the cent and
// neither can show a cost, a profit or a margin: the model has none.
import type { PresentView } from '../../common/ipc';
import { proposalModel } from '../proposal/model';
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { Group } from './group';
import { partnerLogo } from './partner-logo';

export function presentView(ctx: ServiceContext, quoteId: string): PresentView {
  const store = ctx.store();
  const rec = store.getQuote(quoteId);
  if (!rec || rec.deleted) {
    throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
      field: 'quoteId',
    });
  }
  const w = rec.work;
  const identity = store.identity();
  const m = proposalModel({
    work: w,
    partner: identity?.partner,
    preparedBy: identity?.user.fullName,
  });
  return {
    quoteId,
    partner: { name: m.partner.name, logo: partnerLogo(store) },
    client: { name: m.client.name },
    referenceCode: m.referenceCode,
    status: w.status,
    expiresOn: m.expiresOn,
    preparedBy: m.preparedBy,
    intro: m.intro,
    terms: m.terms,
    currency: m.currency,
    // Field by field: nothing the model may gain later reaches the client's screen unasked.
    sections: m.sections.map((s) => ({
      name: s.name,
      lines: s.lines.map((l) => ({
        product: l.product,
        billingTerm: l.billingTerm,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        initialCents: l.initialCents,
        recurringCents: l.recurringCents,
        note: l.note,
        addOnOf: l.addOnOf,
      })),
    })),
    totals: m.totals,
  };
}

export function presentHandlers(ctx: ServiceContext): Group<'present'> {
  return { 'present.view': ({ quoteId }) => presentView(ctx, quoteId) };
}
