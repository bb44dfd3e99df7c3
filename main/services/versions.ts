// Versions of a quote (main/store/local/versions.ts): frozen when the salesperson publishes (here,
// at that moment, online or not) or saves one by hand, listed, compared with each other or with
// the quote as it is now (common/versions), and restored as one undoable edit.
import { compareVersions, totalsByBasis, type VersionRef } from '../../common/versions';
import type { VersionCheck, VersionSummary } from '../../common/versions';
import type { ChainCheck, Store, VersionRecord, WorkQuote } from '../store';
import type { ServiceContext } from './context';
import { startAfterAccepted } from './accepted-lock';
import { ServiceError } from './errors';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';
import { renderWork } from './proposal';
import { detail } from './quotes';

function summaryOf(v: VersionRecord): VersionSummary {
  return {
    number: v.number,
    reason: v.reason,
    label: v.label,
    createdOn: v.createdOn,
    createdBy: v.createdBy,
    status: v.status,
    currency: v.work.currency,
    lineCount: v.work.lineItems.length,
    totals: [...totalsByBasis(v.work.lineItems)].map(([basis, b]) => ({ basis, total: b.total })),
    pdf: v.pdf ? { sha256: v.pdf.sha256, sizeBytes: v.pdf.size } : null,
    sha256: v.sha256,
    chainSha256: v.chainSha256,
  };
}

function versionOf(store: Store, quoteId: string, number: number): VersionRecord {
  const v = store.versions.get(quoteId, number);
  if (!v) {
    throw new ServiceError('NOT_FOUND', `This quote has no version ${number}.`, {
      field: 'number',
    });
  }
  return v;
}

function side(store: Store, quoteId: string, ref: VersionRef): { work: WorkQuote; title: string } {
  if (ref === 'now') return { work: store.getWork(quoteId), title: 'Now' };
  const v = versionOf(store, quoteId, ref);
  return { work: v.work, title: `Version ${v.number} · ${v.label}` };
}

const FAULT: Record<NonNullable<ChainCheck['broken']>['fault'], (n: number) => string> = {
  altered: (n) =>
    `Version ${n} was altered after it was saved: its content no longer has the SHA-256 it was saved with.`,
  removed: (n) => `Version ${n} was removed: the versions after it no longer follow on unbroken.`,
  reordered: (n) =>
    `Version ${n} is not the version that was saved after version ${n - 1}: versions were removed or put in another order.`,
};

/** The chain followed through every version, in words for the Versions panel. */
function verify(check: ChainCheck): VersionCheck {
  const n = check.links.length;
  const message = check.broken
    ? FAULT[check.broken.fault](check.broken.number)
    : n === 0
      ? 'This quote has no versions to verify.'
      : n === 1
        ? 'The one version is as it was saved.'
        : `All ${n} versions are as they were saved.`;
  return { intact: !check.broken, broken: check.broken, versions: check.links, message };
}

const by = (store: Store) => store.identity()?.user.fullName ?? '';

/**
 * Freezes the quote as the salesperson publishes it, called inside the publish's own
 * transaction: the version is the quote as sent, whenever the server hears of it. Its proposal
 * PDF follows a moment later, made from the version itself (an edit meanwhile changes nothing).
 */
export function versionPublished(ctx: ServiceContext, quoteId: string): void {
  const store = ctx.store();
  const { number } = store.versions.save(quoteId, {
    reason: 'published',
    label: 'Published',
    by: by(store),
  });
  setImmediate(() => {
    keepVersionPdf(ctx, quoteId, number).catch((e: unknown) =>
      ctx.log.warn('versions.pdfFailed', { quoteId, number, error: String(e) }),
    );
  });
}

/** Makes and keeps a version's proposal PDF; a failure is logged, the version stays. */
export async function keepVersionPdf(ctx: ServiceContext, quoteId: string, number: number) {
  const store = ctx.store();
  const v = versionOf(store, quoteId, number);
  const out = await renderWork(ctx, v.work);
  // The profile may have been switched meanwhile: the PDF belongs to that store only.
  if (ctx.store() === store) store.versions.setPdf(quoteId, number, out.bytes);
  return out;
}

/** Before a version is restored: a version the quote does not have is named in words. */
export function versionSteps(ctx: ServiceContext): Pick<EditSteps, 'versions.restore'> {
  return {
    'versions.restore': ({ quoteId, number }) => {
      versionOf(ctx.store(), quoteId, number);
    },
  };
}

export function versionHandlers(ctx: ServiceContext): Omit<Group<'versions'>, EditCallName> {
  return {
    'versions.list': ({ quoteId }) => {
      detail(ctx, quoteId); // NOT_FOUND for a quote that is gone
      return { versions: ctx.store().versions.list(quoteId).map(summaryOf) };
    },
    'versions.save': ({ quoteId, label }) => {
      const store = ctx.store();
      const v = store.versions.save(quoteId, { reason: 'saved', label, by: by(store) });
      return summaryOf(v);
    },
    'versions.startAfterAccepted': ({ quoteId }) => {
      detail(ctx, quoteId); // NOT_FOUND for a quote that is gone
      const v = startAfterAccepted(ctx, quoteId);
      return { version: v ? summaryOf(v) : null };
    },
    'versions.compare': ({ quoteId, from, to }) => {
      const store = ctx.store();
      const a = side(store, quoteId, from);
      const b = side(store, quoteId, to);
      return {
        from: { ref: from, title: a.title, status: a.work.status },
        to: { ref: to, title: b.title, status: b.work.status },
        diff: compareVersions(a.work, b.work),
      };
    },
    'versions.verify': ({ quoteId }) => {
      detail(ctx, quoteId); // NOT_FOUND for a quote that is gone
      return verify(ctx.store().versions.verify(quoteId));
    },
    'versions.pdf': async ({ quoteId, number }) => {
      const store = ctx.store();
      const v = versionOf(store, quoteId, number);
      const name = `version-${number}-${v.work.referenceCode || 'draft'}.pdf`;
      if (v.pdf && store.hasFile(v.pdf.sha256)) {
        const bytes = store.readFile(v.pdf.sha256);
        return { name, mimeType: 'application/pdf', base64: bytes.toString('base64') };
      }
      const out = await keepVersionPdf(ctx, quoteId, number);
      return { name, mimeType: 'application/pdf', base64: out.bytes.toString('base64') };
    },
  };
}
