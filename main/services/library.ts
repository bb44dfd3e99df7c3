import type { Preferences } from '../../common/ipc';
import { NetworkError, type ApiClient } from '../api';
import { isPdf, type Store } from '../store';
import { decodeFile, pdfResult, readPdfFile } from './attachments';
import { requireApi, requireGranted, type ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import type { Group } from './group';
import { samePermutation } from './items';
import { libraryView } from './views';

async function refreshLibrary(api: ApiClient, store: Store) {
  store.caches.putLibrary(await api.listLibrary());
  return store.caches.library().map(libraryView);
}

function preferencesView(store: Store): Preferences {
  const p = store.caches.preferences();
  return {
    daysToExpire: p.daysToExpire,
    introMessage: p.introMessage,
    termsAndDisclaimers: p.termsAndDisclaimers,
    salesMarginPercentage: p.salesMarginPercentage,
    attachments: p.attachments.map((a) => libraryView({ ...a, sha256: null, size: null })),
  };
}

async function refreshPreferences(api: ApiClient, store: Store): Promise<Preferences> {
  store.caches.putPreferences(await api.getPreferences());
  return preferencesView(store);
}

/**
 * The partner's defaults for a new quote (preferences, and the library a default attachment
 * can be copied from), copied with every sync so a quote made offline gets them too.
 */
export async function refreshQuoteDefaults(api: ApiClient, store: Store): Promise<void> {
  const [prefs, library] = await Promise.all([api.getPreferences(), api.listLibrary()]);
  store.transaction(() => {
    store.caches.putPreferences(prefs);
    store.caches.putLibrary(library);
  });
}

// long: one short handler per IPC call of the library and preferences groups, sharing the upload helper
export function libraryHandlers(ctx: ServiceContext): Group<'library'> & Group<'preferences'> {
  const upload = async (files: { name: string; bytes: Buffer }[]) => {
    const api = requireApi(ctx, 'Adding to the library');
    const store = ctx.store();
    // Sent from memory, never written to disk in the clear on the way.
    const added = await api.uploadToLibrary(
      files.map((f) => ({ path: f.name, name: f.name, bytes: f.bytes })),
    );
    const list = await refreshLibrary(api, store);
    added.forEach((a, i) => {
      const f = files[i];
      if (f) store.caches.setLibraryFile(a.id, f.bytes);
    });
    const ids = new Set(added.map((a) => a.id));
    return (
      store.caches
        .library()
        .map(libraryView)
        .filter((a) => ids.has(a.id)) ?? list
    );
  };

  const replace = async (
    attachmentId: string,
    file: { name: string; bytes: Buffer },
    field: string,
  ) => {
    const api = requireApi(ctx, 'Replacing a library file');
    const store = ctx.store();
    if (!store.caches.library().some((a) => a.id === attachmentId)) {
      throw new ServiceError('NOT_FOUND', 'This file is not in the library.', {
        field: 'attachmentId',
      });
    }
    if (!isPdf(file.bytes)) {
      throw new ServiceError('VALIDATION', `${field}: ${file.name} is not a PDF file.`, { field });
    }
    await api.replaceLibraryAttachment(attachmentId, {
      path: file.name,
      name: file.name,
      bytes: file.bytes,
    });
    await refreshLibrary(api, store);
    store.caches.setLibraryFile(attachmentId, file.bytes);
    return store.caches.library().map(libraryView);
  };

  return {
    'library.replaceFromBytes': ({ attachmentId, file }) =>
      replace(attachmentId, decodeFile(file, 'file'), 'file'),
    'library.replaceFromPath': ({ attachmentId, path: file }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Replacing a file by path');
      requireGranted(ctx, 'read', file, 'path');
      return replace(attachmentId, readPdfFile(file, 'path'), 'path');
    },
    'library.list': async () => {
      const api = ctx.api();
      const store = ctx.store();
      if (api) {
        try {
          return { attachments: await refreshLibrary(api, store), fromCache: false };
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
        }
      }
      return { attachments: store.caches.library().map(libraryView), fromCache: true };
    },
    'library.addFromPaths': ({ paths }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Adding files by path');
      paths.forEach((p, i) => requireGranted(ctx, 'read', p, `paths.${i}`));
      return upload(paths.map((p, i) => readPdfFile(p, `paths.${i}`)));
    },
    'library.addFromBytes': ({ files }) => upload(files.map((f, i) => decodeFile(f, `files.${i}`))),
    'library.addFromQuote': async ({ quoteId, attachmentIds }) => {
      const api = requireApi(ctx, 'Adding to the library');
      const store = ctx.store();
      const serverIds = attachmentIds.map((id, i) => {
        const sid = store.serverIdOf('attachment', id);
        if (!sid) {
          throw new ServiceError(
            'VALIDATION',
            'Sync the quote first: this attachment is not on the server yet.',
            {
              field: `attachmentIds.${i}`,
            },
          );
        }
        return sid;
      });
      void quoteId;
      const added = await api.shareQuoteAttachmentsToLibrary(
        serverIds.map((attachmentId) => ({ attachmentId })),
      );
      await refreshLibrary(api, store);
      const ids = new Set(added.map((a) => a.id));
      return store.caches
        .library()
        .map(libraryView)
        .filter((a) => ids.has(a.id));
    },
    'library.rename': async ({ attachmentId, name }) => {
      const api = requireApi(ctx, 'Renaming a library file');
      const store = ctx.store();
      const current = store.caches.library().find((a) => a.id === attachmentId);
      if (!current)
        throw new ServiceError('NOT_FOUND', 'This file is not in the library.', {
          field: 'attachmentId',
        });
      await api.updateLibrary([{ id: attachmentId, name, order: current.order }]);
      return refreshLibrary(api, store);
    },
    'library.reorder': async ({ attachmentIds }) => {
      const api = requireApi(ctx, 'Reordering the library');
      const store = ctx.store();
      const current = store.caches.library();
      samePermutation(
        attachmentIds,
        current.map((a) => a.id),
        'attachmentIds',
      );
      const nameOf = new Map(current.map((a) => [a.id, a.name]));
      await api.updateLibrary(
        attachmentIds.map((id, order) => ({ id, name: nameOf.get(id)!, order })),
      );
      return refreshLibrary(api, store);
    },
    'library.delete': async ({ attachmentId }) => {
      const api = requireApi(ctx, 'Deleting a library file');
      await api.deleteLibraryAttachment(attachmentId);
      await refreshLibrary(api, ctx.store());
      return { done: true as const };
    },
    'library.preview': async ({ attachmentId }) => {
      const store = ctx.store();
      const entry = store.caches.library().find((a) => a.id === attachmentId);
      if (!entry)
        throw new ServiceError('NOT_FOUND', 'This file is not in the library.', {
          field: 'attachmentId',
        });
      if (entry.sha256) return pdfResult(entry.name, store.readFile(entry.sha256));
      const api = requireApi(ctx, 'Previewing a library file not yet on this computer');
      // Kept in memory, never a plain file on disk: the store seals what it keeps.
      const { bytes } = await api.libraryAttachmentBytes(attachmentId);
      store.caches.setLibraryFile(attachmentId, bytes);
      return pdfResult(entry.name, bytes);
    },
    'preferences.get': async () => {
      const api = ctx.api();
      const store = ctx.store();
      if (api) {
        try {
          return { ...(await refreshPreferences(api, store)), fromCache: false };
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
        }
      }
      return { ...preferencesView(store), fromCache: true };
    },
    'preferences.update': async (input) => {
      const api = requireApi(ctx, 'Saving quote preferences');
      await api.savePreferences(input);
      return refreshPreferences(api, ctx.store());
    },
    'preferences.addAttachments': async ({ libraryAttachmentIds }) => {
      const api = requireApi(ctx, 'Changing default attachments');
      await api.addPreferenceAttachments(libraryAttachmentIds);
      return refreshPreferences(api, ctx.store());
    },
    'preferences.removeAttachment': async ({ attachmentId }) => {
      const api = requireApi(ctx, 'Changing default attachments');
      await api.deletePreferenceAttachment(attachmentId);
      return refreshPreferences(api, ctx.store());
    },
  };
}
