// The proposal PDF of a quote: generated here from the working copy (offline), previewed,
// saved, or attached to the quote like any other PDF (uploaded at the next sync).
import { requireGranted, type ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import { saveWhole } from './save-file';
import type { Group } from './group';
import { partnerLogoDataUrl } from './partner-logo';
import { detail } from './quotes';
import type { WorkQuote } from '../store';
import type { SignedAnswer } from '../proposal/signed';

async function render(ctx: ServiceContext, quoteId: string, locale?: string) {
  const rec = ctx.store().getQuote(quoteId);
  if (!rec || rec.deleted) {
    throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
      field: 'quoteId',
    });
  }
  return renderWork(ctx, rec.work, locale);
}

/** The proposal of a working copy: the quote as it is, or a version of it as it was. */
export async function renderWork(
  ctx: ServiceContext,
  w: WorkQuote,
  locale?: string,
  signed?: SignedAnswer,
) {
  // Loaded on first use: the PDF library is a tenth of a second of start-up otherwise.
  const { proposalFileName, proposalModel, renderProposal } = await import('../proposal');
  const store = ctx.store();
  const identity = store.identity();
  const model = proposalModel({
    work: w,
    clientAddress: store.caches.company(w.client.id)?.address,
    partner: identity?.partner,
    preparedBy: identity?.user.fullName,
    logo: partnerLogoDataUrl(store),
  });
  if (signed) model.signed = signed;
  const out = await renderProposal(model, {
    ...(locale ? { locale } : {}),
    ...(ctx.fontsDir ? { fontsDir: ctx.fontsDir } : {}),
  });
  return { ...out, name: proposalFileName(model.referenceCode, w.client.name) };
}

export function proposalHandlers(ctx: ServiceContext): Group<'proposal'> {
  return {
    'proposal.render': async ({ quoteId, locale }) => {
      const r = await render(ctx, quoteId, locale);
      return {
        name: r.name,
        mimeType: 'application/pdf',
        base64: r.bytes.toString('base64'),
        missingCharacters: r.missingCharacters,
      };
    },
    'proposal.save': async ({ quoteId, locale, path: target }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Saving to a chosen folder');
      requireGranted(ctx, 'write', target, 'path');
      const r = await render(ctx, quoteId, locale);
      saveWhole(target, r.bytes);
      return { path: target, sizeBytes: r.bytes.length, missingCharacters: r.missingCharacters };
    },
    'proposal.attach': async ({ quoteId, locale }) => {
      const r = await render(ctx, quoteId, locale);
      const store = ctx.store();
      // The quote holds the current proposal, not a pile of them: one of the same name goes.
      const [attachmentId] = store.transaction(() => {
        for (const a of store.getWork(quoteId).attachments) {
          if (a.name === r.name) store.removeAttachment(quoteId, a.id);
        }
        return store.addAttachments(quoteId, [{ name: r.name, bytes: r.bytes }]);
      }, 'user');
      return {
        quote: detail(ctx, quoteId),
        attachmentId: attachmentId!,
        missingCharacters: r.missingCharacters,
      };
    },
  };
}
