// New attachments as sent: their state as the server will hold it, the pairing of answers by
// name, and the server-side copy of library attachments whose file is not on this computer.
import type { RemoteAggregate, WorkQuote } from '../store';
import { pairAnswers } from './answers';
import { librarySourceOf } from './defaults';
import { failureOf } from './errors';
import { journalled } from './journalled';
import type { QuoteState } from './model';
import type { RoundContext } from './ports';
import { reread, type Stop } from './stops';

/**
 * New attachments as the server will hold them (these names, appended after `start`), not as
 * wanted here: they count as the base after a crash, so a name or place chosen here stays a
 * change still to push.
 */
export function appended(
  merged: QuoteState,
  keys: string[],
  names: string[],
  start: number,
): QuoteState {
  const out: QuoteState = { ...merged, attachments: { ...merged.attachments } };
  keys.forEach((k, i) => {
    out.attachments[k] = { name: names[i]!, order: start + i };
  });
  return out;
}

/** The attachments an upload or copy answered, each paired with the one sent by its name. */
export function attachmentsPaired(
  keys: string[],
  sent: { fingerprint: string }[],
  answered: { id: string; name: string }[],
) {
  const paired = pairAnswers(
    sent.map((f) => ({ strong: f.fingerprint, weak: f.fingerprint })),
    answered,
    (a) => ({ strong: a.name, weak: a.name }),
  );
  return keys.flatMap((k, i) =>
    paired[i] ? [{ kind: 'attachment' as const, localId: k, serverId: paired[i]!.id }] : [],
  );
}

/** Library attachments copied into the quote by the server (journalled: not idempotent). */
export async function copyFromLibrary(
  keys: string[],
  quoteId: string,
  merged: QuoteState,
  a: RemoteAggregate,
  work: WorkQuote,
  ctx: RoundContext,
): Promise<RemoteAggregate | Stop> {
  const { api, store } = ctx;
  const qid = a.quote.id;
  const entries = store.caches.library();
  const library = new Map(entries.map((l) => [l.id, l.name]));
  const sources = keys.map((k) =>
    librarySourceOf(
      work.attachments.find((x) => x.id === k)!,
      entries,
    )!,
  );
  // The copy takes the library entry's name: that is what a lost answer is looked up by.
  const names = keys.map((k, i) => library.get(sources[i]!) ?? merged.attachments[k]!.name);
  const asSent = appended(merged, keys, names, a.quote.attachments.length);
  const body = {
    files: keys.map((k, i) => ({
      key: k,
      fingerprint: names[i]!,
      weak: names[i]!,
      value: asSent.attachments[k]!,
    })),
  };
  let res;
  try {
    res = await journalled(
      ctx,
      quoteId,
      asSent,
      {
        op: 'copyLibraryAttachments',
        method: 'POST',
        path: `/v2/quotes/${qid}/attachments/shared`,
        body,
        fingerprint: names.join('|'),
      },
      () =>
        api.copyLibraryAttachmentsToQuote(
          qid,
          sources.map((attachmentId) => ({ attachmentId })),
        ),
      (r) => attachmentsPaired(keys, body.files, r),
    );
  } catch (e) {
    const f = failureOf(e);
    if (f?.kind === 'refused' && f.code === 'LIBRARY_ATTACHMENT_NOT_FOUND') {
      const gone = keys.map((k) => merged.attachments[k]!.name).join(', ');
      return reread(
        {
          ...f,
          message: `The attachment ${gone} is no longer in the library and its file is not on this computer.`,
        },
        'library attachment gone',
      );
    }
    throw e;
  }
  a.quote.attachments = [...a.quote.attachments, ...res];
  return a;
}
