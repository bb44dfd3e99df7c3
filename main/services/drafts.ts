// "Export unsynced drafts…" and "Import drafts…" (README.md beside this file): every change
// that exists only on this computer, for the connection in use, as one readable file; and that
// file put back into a profile of the same partner, checked first.
import fs from 'node:fs';
import { readDraftsFile, type DraftsFile } from '../../common/drafts-file';
import type { DraftsImport } from '../../common/ipc';
import type { Identity } from '../store';
import type { Profile } from '../vault';
import { requireGranted, type ServiceContext } from './context';
import {
  buildDraftsFile,
  countsOf,
  countsText,
  draftsFileName,
  draftsForStore,
  sameApi,
} from './drafts-file';
import { ServiceError, unsupportedInBrowser } from './errors';
import { saveWhole } from './save-file';
import { putBackVersions } from './drafts-versions';
import type { Group } from './group';

/** The connection in use, with its store open: the only one whose drafts can be read. */
async function openProfile(ctx: ServiceContext, what: string): Promise<Profile> {
  const id = ctx.activeProfileId();
  const profile = id ? await ctx.vault.getProfile(id) : null;
  if (!profile || ctx.storeAccess().state !== 'open')
    throw new ServiceError(
      'VALIDATION',
      `${what} needs a connection in use whose quotes are open on this computer.`,
    );
  return profile;
}

async function exportFile(ctx: ServiceContext) {
  const profile = await openProfile(ctx, 'Exporting drafts');
  const now = new Date();
  const file = buildDraftsFile(ctx.store(), profile, ctx.info().version, now);
  const counts = countsOf(file);
  ctx.log.info('drafts.exported', { ...counts });
  return {
    file,
    name: draftsFileName(profile, now),
    counts,
    message: `The file holds ${countsText(counts)} of “${profile.displayName}”. It is not encrypted: anyone who has it can read the client's prices.`,
  };
}

function refuse(message: string, field = 'file'): never {
  throw new ServiceError('VALIDATION', message, { field });
}

/** Refused unless the file's drafts are for this profile's partner. */
function checkPartner(ctx: ServiceContext, profile: Profile, file: DraftsFile): void {
  const theirs = file.partner;
  if (!sameApi(theirs.baseUrl, profile.baseUrl))
    refuse(
      `This file holds drafts for ${theirs.baseUrl}, not for “${profile.displayName}” (${profile.baseUrl}).`,
    );
  const ours = ctx.store().knownPartnerId();
  if (theirs.id && ours) {
    if (theirs.id.toLowerCase() !== ours.toLowerCase())
      refuse(
        `This file holds drafts for partner “${theirs.name ?? theirs.id}” at ${theirs.baseUrl}, not for the partner of “${profile.displayName}”.`,
      );
    return;
  }
  // A credential belongs to one user of one partner: the same client id is the same partner.
  if (file.profile.clientId !== profile.clientId)
    refuse(
      `This file holds drafts of client id ${file.profile.clientId} at ${theirs.baseUrl}; Quotedesk cannot tell yet whether “${profile.displayName}” (client id ${profile.clientId}) is of the same partner. It can once this connection has synced a quote.`,
    );
}

async function importFile(ctx: ServiceContext, text: string): Promise<DraftsImport> {
  const profile = await openProfile(ctx, 'Importing drafts');
  const read = readDraftsFile(text);
  if (!read.ok) refuse(read.message);
  const file = read.file;
  checkPartner(ctx, profile, file);
  const store = ctx.store();
  const drafts = draftsForStore(store, file);
  // Who is signed in, for "My quotes" and new drafts, until the server says it again.
  if (!store.identity() && file.identity && file.profile.clientId === profile.clientId)
    store.setIdentity(file.identity as unknown as Identity);
  const done = ctx.localEdit(() =>
    store.putBackDrafts({ quotes: drafts, deletes: file.deletes.map((d) => d.serverId) }),
  );
  const versions = putBackVersions(store, file.versions ?? []);
  const put = (outcome: string) => done.quotes.filter((q) => q.outcome === outcome).length;
  const kept = file.quotes.filter((_q, i) => done.quotes[i]!.outcome !== 'unchanged');
  const counts = countsOf({ ...file, quotes: kept });
  counts.deletes = done.deletes;
  const copies = put('copy');
  const unchanged = put('unchanged');
  for (const q of done.quotes) ctx.sync().changed(q.quoteId);
  ctx.log.info('drafts.imported', { ...counts, copies, unchanged });
  const notes = [
    copies > 0 &&
      `${copies} came back as ${copies === 1 ? 'a new quote' : 'new quotes'} beside ${copies === 1 ? 'a quote' : 'quotes'} with edits of ${copies === 1 ? 'its' : 'their'} own here`,
    unchanged > 0 && `${unchanged} ${unchanged === 1 ? 'was' : 'were'} here already`,
    file.deletes.length > done.deletes &&
      `${file.deletes.length - done.deletes} delete(s) not put back (the quote is not here, or has changes of its own)`,
    versions.put > 0 &&
      `${versions.put} ${versions.put === 1 ? 'version' : 'versions'} of quotes put back`,
    versions.missing > 0 &&
      `${versions.missing} ${versions.missing === 1 ? 'version' : 'versions'} of quotes not on this computer (yet) left out`,
  ].filter((n): n is string => typeof n === 'string');
  return {
    counts,
    copies,
    unchanged,
    message: `Imported ${countsText(counts)} into “${profile.displayName}”; they sync like any edit.${notes.length ? ` ${notes.join('; ')}.` : ''}`,
  };
}

export function draftsHandlers(ctx: ServiceContext): Group<'drafts'> {
  return {
    'drafts.export': async () => {
      const { file, ...rest } = await exportFile(ctx);
      return { ...rest, text: JSON.stringify(file, null, 2) };
    },
    'drafts.save': async ({ path: target }, call) => {
      if (call.via === 'browser') throw unsupportedInBrowser('Saving to a chosen folder');
      requireGranted(ctx, 'write', target, 'path');
      const { file, ...rest } = await exportFile(ctx);
      saveWhole(target, JSON.stringify(file, null, 2), 0o600);
      return rest;
    },
    'drafts.import': async (input, call) => {
      if ('path' in input) {
        if (call.via === 'browser') throw unsupportedInBrowser('Opening a chosen file');
        requireGranted(ctx, 'read', input.path, 'path');
        return importFile(ctx, fs.readFileSync(input.path, 'utf8'));
      }
      return importFile(ctx, input.text);
    },
  };
}
