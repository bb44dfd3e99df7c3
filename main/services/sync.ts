import {
  KEEP_ALL_OFFLINE,
  PREVIEW_BUDGET,
  previewBudgetMiB,
  saveMineAsNew,
  takeMine,
  takeTheirs,
} from '../sync';
import { requireUnlocked, type ServiceContext } from './context';
import { ServiceError } from './errors';
import type { Group } from './group';
import { detail } from './quotes';
import { conflictView } from './views';

// long: one short handler per IPC call of the sync group
export function syncHandlers(ctx: ServiceContext): Group<'sync'> {
  const openConflicts = (quoteId: string) => ctx.store().openConflicts(quoteId);
  const offlineFiles = () => {
    const store = ctx.store();
    return { budgetMiB: previewBudgetMiB(store), usedBytes: store.filesBytes() };
  };
  const offlineQuotes = () => {
    const store = ctx.store();
    const c = store.heldCounts();
    return {
      keepAll: store.getMeta<boolean>(KEEP_ALL_OFFLINE) === true,
      held: c.held,
      listedOnly: c.listedOnly,
      downloading: c.queued,
    };
  };
  return {
    'sync.status': () => ctx.sync().status(),
    'sync.offlineQuotes': () => offlineQuotes(),
    'sync.setKeepAllOffline': ({ keepAll }) => {
      const sync = ctx.sync();
      if (sync.keepAllOffline) sync.keepAllOffline(keepAll);
      else {
        // No engine (no connection): the choice is kept for when there is one.
        const store = ctx.store();
        store.setMeta(KEEP_ALL_OFFLINE, keepAll);
        if (keepAll) store.queueListedForDownload();
      }
      return offlineQuotes();
    },
    'sync.offlineFiles': () => offlineFiles(),
    'sync.setOfflineBudget': ({ budgetMiB }) => {
      requireUnlocked(
        ctx.policy.policy.offlinePreviewBudgetMiB !== undefined,
        'the offline-preview disk budget',
        'budgetMiB',
      );
      ctx.store().setMeta(PREVIEW_BUDGET, budgetMiB);
      // A larger budget may let waiting previews download now.
      ctx.sync().runNow();
      return offlineFiles();
    },
    'sync.runNow': (input) => {
      ctx.sync().runNow(input?.quoteId);
      return ctx.sync().status();
    },
    'sync.flushQuote': ({ quoteId }) => {
      ctx.sync().flushQuote?.(quoteId);
      return { done: true as const };
    },
    'sync.pause': () => {
      ctx.sync().pause();
      return ctx.sync().status();
    },
    'sync.resume': () => {
      ctx.sync().resume();
      return ctx.sync().status();
    },
    'sync.conflicts': (input) => {
      const store = ctx.store();
      const works = new Map<string, ReturnType<typeof store.getWork> | null>();
      const workOf = (id: string) => {
        if (!works.has(id)) {
          const rec = store.getQuote(id);
          works.set(id, rec ? rec.work : null);
        }
        return works.get(id) ?? null;
      };
      return {
        conflicts: store
          .openConflicts(input?.quoteId)
          .map((c) => conflictView(c, workOf(c.quoteId))),
      };
    },
    'sync.resolve': ({ quoteId, take, conflictIds, adopt }) => {
      const store = ctx.store();
      const open = openConflicts(quoteId);
      const chosen = conflictIds
        ? conflictIds.map((id, i) => {
            const c = open.find((x) => String(x.id) === id);
            if (!c) {
              throw new ServiceError(
                'NOT_FOUND',
                'This conflict is already resolved or belongs to another quote.',
                {
                  field: `conflictIds.${i}`,
                },
              );
            }
            return c.id;
          })
        : [undefined];
      if (adopt && take !== 'theirs') {
        throw new ServiceError('VALIDATION', 'A quote on the server is adopted with take theirs.', {
          field: 'adopt',
        });
      }
      // Taking mine on a quote deleted remotely keeps it as a new quote: follow that id.
      let resultId = quoteId;
      store.transaction(() => {
        for (const id of chosen) {
          if (take === 'mine') resultId = takeMine(store, quoteId, id);
          else takeTheirs(store, quoteId, id, adopt);
        }
      }, 'user');
      ctx.sync().runNow(resultId);
      if (!store.getQuote(resultId)) {
        throw new ServiceError(
          'NOT_FOUND',
          'The quote was deleted on the server, so it is removed here too.',
          {
            field: 'quoteId',
          },
        );
      }
      return detail(ctx, resultId);
    },
    'sync.saveMineAsNew': ({ quoteId }) => {
      const store = ctx.store();
      if (!store.getQuote(quoteId)) {
        throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
          field: 'quoteId',
        });
      }
      const copyId = store.transaction(() => saveMineAsNew(store, quoteId), 'user');
      ctx.sync().runNow();
      const original = store.getQuote(quoteId);
      return {
        newQuote: detail(ctx, copyId),
        original: original && !original.deleted ? detail(ctx, quoteId) : null,
      };
    },
  };
}
