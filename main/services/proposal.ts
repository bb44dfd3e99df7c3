// The proposal PDF of a quote: generated here from the working copy (offline), previewed,
// saved, or attached to the quote like any other PDF (uploaded at the next sync).
import { requireGranted, type ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import { saveWhole } from './save-file';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';
import { optionsView } from './options';
import { partnerLogoDataUrl } from './partner-logo';
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
    // The choices as they stand for this copy: what it holds is chosen, the rest is not.
    options: optionsView(w, store.quoteOptions.get(w.id)),
  });
  if (signed) model.signed = signed;
  const out = await renderProposal(model, {
    ...(locale ? { locale } : {}),
    ...(ctx.fontsDir ? { fontsDir: ctx.fontsDir } : {}),
  });
  return { ...out, name: proposalFileName(model.referenceCode, w.client.name) };
}

/** The PDF that attaching the proposal brings to the store, made on this computer. */
export function proposalSteps(ctx: ServiceContext): Pick<EditSteps, 'proposal.attach'> {
  return {
    'proposal.attach': async ({ quoteId, locale }) => {
      const r = await render(ctx, quoteId, locale);
      return { name: r.name, bytes: r.bytes, missingCharacters: r.missingCharacters };
    },
  };
}

export function proposalHandlers(ctx: ServiceContext): Omit<Group<'proposal'>, EditCallName> {
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
  };
}
