import { clearPublishRefusal } from '../sync';
import { ServiceError } from './errors';
import type { ServiceContext } from './context';
import type { EditCallName } from '../../common/ipc/edit-calls';
import type { EditSteps } from './edit-steps';
import type { Group } from './group';
import { detailOf, pipelineView, summaryOf } from './views';

export function detail(ctx: ServiceContext, quoteId: string, edited = false) {
  const store = ctx.store();
  // An edit's answer: the copy the edit wrote, not the quote read back.
  const rec = edited ? store.editedQuote(quoteId) : store.getQuote(quoteId);
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

// long: one short handler per IPC call of the quotes group (list, open, create, duplicate, delete and its undo, status, publish, export, pipeline, undo/redo), sharing the publish step
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
    // The delete is a step of the quote's own undo history, its delete held back from the
    // server for the undo window (Store.deleteQuote): Undo gives back the same quote.
    'quotes.delete': ({ quoteId }) => {
      ctx.store().deleteQuote(quoteId);
      return { quoteId };
    },
    'quotes.restore': ({ quoteId }) => {
      const store = ctx.store();
      if (!store.getQuote(quoteId)?.deleted) {
        throw new ServiceError(
          'NOT_FOUND',
          'This quote can no longer be restored: its delete has reached the server.',
          { field: 'quoteId' },
        );
      }
      store.undo(quoteId);
      return detail(ctx, quoteId);
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
