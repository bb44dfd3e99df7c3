import { unhandled } from '../../common/api';
import { CustomBillingTerm } from '../../common/api';
import type { AddLineItemInput as StoreAddItem, Store, WorkQuote } from '../store';
import { clearPublishRefusal, holdDelete, releaseDelete } from '../sync';
import { ServiceError } from './errors';
import type { ServiceContext } from './context';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';
import { detailOf, pipelineView, summaryOf } from './views';

/**
 * How long a deleted quote's delete waits before it goes to the server: the Undo notice
 * stays 8 s, so Undo always gives back the same quote. Later, a restore is a new quote.
 */
export const UNDO_DELETE_MS = 10_000;

export function detail(ctx: ServiceContext, quoteId: string) {
  const store = ctx.store();
  const rec = store.getQuote(quoteId);
  if (!rec || rec.deleted)
    throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
      field: 'quoteId',
    });
  // Only its list entry is here: the user is looking at it, so it is downloaded next.
  if (rec.stub) ctx.sync().opened?.(quoteId);
  return detailOf(rec, store);
}

/** What publishing also does: a version of the quote as sent (services/versions.ts). */
export interface PublishHooks {
  /** Runs inside the publish's transaction. */
  published(quoteId: string): void;
}

/** Before taking a quote over: one already the user's is refused in the dialog's words. */
export function quoteSteps(ctx: ServiceContext): Pick<EditSteps, 'quotes.takeOwnership'> {
  return {
    'quotes.takeOwnership': ({ quoteId }) => {
      const store = ctx.store();
      const me = store.identity()?.user.id.toLowerCase();
      const owner = store.getQuote(quoteId)?.work.ownedBy?.id.toLowerCase();
      if (me && owner === me) {
        throw new ServiceError('VALIDATION', 'You already own this quote.', {
          field: 'quoteId',
          apiCode: 'QUOTE_ALREADY_OWNED',
        });
      }
    },
  };
}

// long: one short handler per IPC call of the quotes and edits groups, sharing this session's undo-delete copies
export function quoteHandlers(
  ctx: ServiceContext,
  hooks: PublishHooks = { published: () => {} },
): Omit<Group<'quotes'>, EditCallName> & Group<'edits'> {
  /** The publish and its version, in one transaction. */
  const publish = (quoteId: string) => {
    const store = ctx.store();
    store.transaction(() => {
      store.updateHeader(quoteId, { status: 'sent', published: true });
      hooks.published(quoteId);
    }, 'user');
  };
  // Working copies of quotes deleted in this session, so "undo delete" can bring them back.
  const deleted = new Map<string, WorkQuote>();

  return {
    'quotes.list': (q) => {
      const res = ctx.store().listQuotes({
        limit: q.limit,
        page: q.page,
        account: q.account,
        ...(q.search?.trim() ? { search: q.search.trim() } : {}),
        ...(q.status?.length ? { status: q.status.join(',') } : {}),
        ...(q.sort ? { sort: `${q.sort.field},${q.sort.direction}` } : {}),
      });
      return {
        content: res.content.map(summaryOf),
        page: res.page,
        statusCounts: { ...res.statusCounts },
      };
    },
    'quotes.get': ({ quoteId }) => detail(ctx, quoteId),
    'quotes.create': async ({ clientId }) => {
      await ctx.catalogueReady();
      const store = ctx.store();
      const company = store.caches.company(clientId);
      if (!company) {
        throw new ServiceError(
          'NOT_FOUND',
          'This client is not in the catalogue on this computer.',
          {
            field: 'clientId',
          },
        );
      }
      const w = store.createQuote({
        client: {
          id: company.id,
          name: company.name,
          isShadowCompany: company.isShadowCompany ?? false,
        },
      });
      return detail(ctx, w.id);
    },
    'quotes.duplicate': ({ quoteId }) => {
      const w = ctx.store().saveAsNewQuote(quoteId);
      return detail(ctx, w.id);
    },
    'quotes.delete': ({ quoteId }) => {
      const store = ctx.store();
      const work = store.getWork(quoteId);
      // The delete waits out the undo window before it goes to the server, so Undo gives
      // back the same quote with its reference code.
      store.transaction(() => {
        store.deleteQuote(quoteId);
        // A quote never sent vanishes at once; only a tombstone has a delete to hold.
        if (store.getQuote(quoteId)?.deleted)
          holdDelete(store, quoteId, Date.now() + UNDO_DELETE_MS);
      }, 'user');
      deleted.set(quoteId, work);
      const later = setTimeout(() => {
        try {
          ctx.sync().changed(quoteId);
        } catch {
          // Closed or switching profile meanwhile: the next session's first sync sends it.
        }
      }, UNDO_DELETE_MS + 100);
      later.unref?.();
      return { quoteId };
    },
    'quotes.restore': ({ quoteId }) => {
      const store = ctx.store();
      // Still held back: the quote itself comes back, same server id and reference code.
      if (store.restoreDeleted(quoteId)) {
        releaseDelete(store, quoteId);
        deleted.delete(quoteId);
        return detail(ctx, quoteId);
      }
      const snapshot = deleted.get(quoteId);
      if (!snapshot) {
        throw new ServiceError(
          'NOT_FOUND',
          'Only a quote deleted since Quotedesk started can be restored.',
          {
            field: 'quoteId',
          },
        );
      }
      const id = recreate(store, snapshot);
      deleted.delete(quoteId);
      return detail(ctx, id);
    },
    'quotes.setStatus': ({ quoteId, status }) => {
      if (status === 'sent') publish(quoteId);
      else ctx.store().updateHeader(quoteId, { status });
      if (status === 'sent') clearPublishRefusal(ctx.store(), quoteId);
      return detail(ctx, quoteId);
    },
    'quotes.publish': ({ quoteId }) => {
      const sync = ctx.sync().status();
      if (!sync.available) {
        throw new ServiceError(
          'SYNC_UNAVAILABLE',
          `Publishing needs the server: ${sync.reason ?? 'sync is not available.'}`,
        );
      }
      // Offline too: queued like any edit, sent at the next sync, undoable until then.
      publish(quoteId);
      clearPublishRefusal(ctx.store(), quoteId);
      ctx.sync().runNow(quoteId);
      return detail(ctx, quoteId);
    },
    'quotes.export': ({ quoteId }) => {
      const data = ctx.store().exportQuote(quoteId);
      const ref = ctx.store().getWork(quoteId).referenceCode || quoteId.slice(0, 8);
      return { fileName: `quote-${ref}.json`, json: JSON.stringify(data, null, 2) };
    },
    'quotes.pipeline': (q) => {
      const store = ctx.store();
      const rows = store.pipeline({
        account: q.account,
        ...(q.search?.trim() ? { search: q.search.trim() } : {}),
      });
      return pipelineView(rows, store.identity()?.currency);
    },
    'edits.undo': ({ quoteId }) => {
      ctx.store().undo(quoteId);
      return detail(ctx, quoteId);
    },
    'edits.redo': ({ quoteId }) => {
      ctx.store().redo(quoteId);
      return detail(ctx, quoteId);
    },
  };
}

/**
 * Builds a deleted quote again from its working copy, through the store's own edits (so
 * every rule still holds). It comes back as a new draft with new ids; on the server the
 * old one is deleted and this one created at the next sync.
 */
// long: one transaction putting every part of a deleted quote back (header, sections, items, attachments)
function recreate(store: Store, snap: WorkQuote): string {
  return store.transaction(() => {
    const w = store.createQuote({ client: snap.client });
    store.updateHeader(w.id, {
      expiresOn: snap.expiresOn,
      introMessage: snap.introMessage,
      termsAndDisclaimers: snap.termsAndDisclaimers,
    });
    const inputs: StoreAddItem[] = snap.lineItems.map((li) => {
      const parent = li.requiredLineItemId
        ? snap.lineItems.findIndex((x) => x.id === li.requiredLineItemId)
        : -1;
      const common = {
        quantity: li.quantity,
        note: li.note,
        effectiveDate: li.effectiveDate,
        price: li.price,
      };
      const rel = {
        ...(parent >= 0 ? { requiredLineItemIndex: parent } : {}),
        ...(li.commitmentTerm ? { commitmentTermId: li.commitmentTerm.id } : {}),
        ...(li.subscriptionId ? { subscriptionId: li.subscriptionId } : {}),
        ...(li.requiredSubscriptionId ? { requiredSubscriptionId: li.requiredSubscriptionId } : {}),
      };
      switch (li.kind) {
        case 'Custom': {
          return {
            type: 'Custom',
            ...common,
            productName: li.product.name,
            ...(li.product.sku ? { productSku: li.product.sku } : {}),
            // A Custom item only ever holds a Custom term: the store refused any other.
            billingTerm: CustomBillingTerm.parse(li.billingTerm),
            cost: li.cost,
            initialTotal: li.initialTotal ?? 0,
          };
        }
        case 'UsageBased': {
          return {
            type: 'UsageBased',
            ...common,
            ...rel,
            productId: li.product.id ?? '',
            billingTerm: li.billingTerm,
            cost: li.cost,
            ...(li.usageBased ? { usageBased: li.usageBased } : {}),
          };
        }
        case 'Standard':
          return {
            type: 'Standard',
            ...common,
            ...rel,
            productId: li.product.id ?? '',
            billingTerm: li.billingTerm,
          };
        default:
          return unhandled(li.kind);
      }
    });
    const newIds = inputs.length ? store.addLineItems(w.id, inputs) : [];
    const idOf = new Map(snap.lineItems.map((li, i) => [li.id, newIds[i]!]));
    for (const s of [...snap.sections].sort((a, b) => a.order - b.order)) {
      const sid = store.createSection(w.id, s.name);
      for (const item of [...s.lineItems].sort((a, b) => a.order - b.order)) {
        const id = idOf.get(item.lineItemId);
        if (id) store.moveLineItem(w.id, id, { sectionId: sid });
      }
    }
    if (snap.accessList.length) {
      store.addAccessEntries(
        w.id,
        snap.accessList.map((e) => ({
          email: e.email,
          accountType: e.accountType,
          ...(e.accountName ? { accountName: e.accountName } : {}),
          ...(e.accountRole ? { accountRole: e.accountRole } : {}),
          ...(e.userId ? { userId: e.userId } : {}),
        })),
      );
    }
    // Preference attachments came with the new quote; keep those the old one still had.
    const keptPrefs = new Set(
      snap.attachments.map((a) => a.preferenceAttachmentId).filter(Boolean),
    );
    for (const a of store.getWork(w.id).attachments) {
      if (!a.preferenceAttachmentId || !keptPrefs.has(a.preferenceAttachmentId))
        store.removeAttachment(w.id, a.id);
    }
    const files = snap.attachments.filter((a) => a.sha256 && !a.preferenceAttachmentId);
    if (files.length) {
      store.addAttachments(
        w.id,
        files.map((a) => ({ name: a.name, bytes: store.readFile(a.sha256!) })),
      );
    }
    const fromLibrary = snap.attachments
      .filter((a) => !a.sha256 && a.libraryAttachmentId)
      .map((a) => a.libraryAttachmentId!);
    if (fromLibrary.length) store.copyLibraryAttachments(w.id, fromLibrary);
    return w.id;
  });
}
