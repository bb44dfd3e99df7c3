// Accept at the desk (common/ipc/desk.ts): the client's answer taken in present mode, offline,
// in one step — the quote as they saw it frozen as a version, the signed proposal PDF made from
// that version with its SHA-256 on every page, kept encrypted with the store and attached, the
// status queued the way the API allows (published, then the answer), and the answer recorded
// here. Sync sends it (main/sync/desk-guard.ts stops it when the server's copy changed after
// the client saw it; main/sync/desk-refused.ts keeps it when the server refuses the status).
import type { DeskResponse, DeskResponseKind } from '../../common/ipc/desk';
import type { IpcParsedInput } from '../../common/ipc/calls';
import type { DeskResponseRecord, Store } from '../store';
import { assertCanAnswer, versionHash } from '../store';
import type { SignedAnswer } from '../proposal/signed';
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { Group } from './group';
import { renderWork } from './proposal';
import { detail } from './quotes';

const ANSWER: Record<DeskResponseKind, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The date and time as the client read it, with the offset and the zone's name. */
export function signedWhen(at: Date, timeZone: string): string {
  let day: string;
  let time: string;
  try {
    day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(at);
    time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
      timeZone,
    }).format(at);
  } catch {
    throw new ServiceError('INVALID_INPUT', `timeZone: ${timeZone} is not a known time zone.`, {
      field: 'timeZone',
    });
  }
  return `${day}, ${time} (${timeZone})`;
}

function signaturePng(input: IpcParsedInput<'desk.respond'>): string | null {
  if (input.signature.kind !== 'drawn') return null;
  const bytes = Buffer.from(input.signature.pngBase64, 'base64');
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new ServiceError('INVALID_INPUT', 'signature: the drawn signature is not a PNG image.', {
      field: 'signature',
    });
  }
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Where an answer stands, read with the quote: queued until the server holds its status. */
function responseOf(store: Store, quoteId: string, r: DeskResponseRecord): DeskResponse {
  const v = store.versions.get(quoteId, r.version);
  const q = store.getQuote(quoteId);
  const serverStatus = q?.base?.quote.status;
  let state = r.state;
  if (state === 'queued' && serverStatus === r.kind) state = 'sent';
  // Undone before it was sent: it stays here only, as if withdrawn.
  else if (state === 'queued' && q?.work.status !== r.kind) state = 'withdrawn';
  return { quoteId, ...r, state, versionSha256: v?.sha256 ?? '' };
}

function latestOf(store: Store, quoteId: string): DeskResponseRecord {
  const r = store.desk.latest(quoteId);
  if (!r) {
    throw new ServiceError('NOT_FOUND', 'No answer was given at the desk for this quote.', {
      field: 'quoteId',
    });
  }
  return r;
}

async function respond(ctx: ServiceContext, input: IpcParsedInput<'desk.respond'>) {
  const store = ctx.store();
  const { quoteId, kind } = input;
  const rec = store.getQuote(quoteId);
  if (!rec || rec.deleted) {
    throw new ServiceError('NOT_FOUND', 'This quote no longer exists on this computer.', {
      field: 'quoteId',
    });
  }
  const at = new Date();
  const png = signaturePng(input);
  const work = rec.work;
  const number = (store.versions.list(quoteId).at(-1)?.number ?? 0) + 1;
  const signed: SignedAnswer = {
    answer: ANSWER[kind],
    name: input.name,
    email: input.email,
    reason: input.reason,
    when: signedWhen(at, input.timeZone),
    signaturePng: png,
    typedSignature: input.signature.kind === 'typed' ? input.signature.text : null,
    versionNumber: number,
    versionSha256: versionHash(JSON.stringify(work)),
  };
  // Refused before anything is made when the quote cannot take an answer.
  assertCanAnswer(work);
  const pdf = await renderWork(ctx, work, undefined, signed);
  const fileName = `Signed ${pdf.name}`;
  const by = store.identity()?.user.fullName ?? '';
  store.transaction(() => {
    const now = store.getQuote(quoteId);
    if (now?.generation !== rec.generation || store.versions.list(quoteId).length + 1 !== number) {
      throw new ServiceError(
        'VALIDATION',
        'The quote changed while the client was answering: show it to them again before they sign.',
        { field: 'quoteId' },
      );
    }
    const v = store.versions.save(quoteId, {
      reason: 'desk',
      label: `${ANSWER[kind]} at the desk`,
      by,
      work,
    });
    const attachmentId = store.answerAtDesk(quoteId, kind, { name: fileName, bytes: pdf.bytes });
    store.versions.setPdf(quoteId, v.number, pdf.bytes);
    store.desk.record(quoteId, {
      version: v.number,
      kind,
      name: input.name,
      email: input.email,
      reason: input.reason,
      signedAt: at.toISOString(),
      timeZone: input.timeZone,
      attachmentId,
      state: 'queued',
      message: null,
      serverVersion: null,
    });
  }, 'user');
  wake(ctx, quoteId);
  const r = latestOf(store, quoteId);
  return { quote: detail(ctx, quoteId), response: responseOf(store, quoteId, r) };
}

function wake(ctx: ServiceContext, quoteId: string) {
  // Offline too: it waits in the store; sync sends it when there is a connection.
  if (ctx.sync().status().available) ctx.sync().runNow(quoteId);
}

function decide(ctx: ServiceContext, input: IpcParsedInput<'desk.decide'>) {
  const store = ctx.store();
  const { quoteId, decision } = input;
  const r = latestOf(store, quoteId);
  if (r.state !== 'stopped') {
    throw new ServiceError('VALIDATION', 'This answer is not waiting for a decision.', {
      field: 'decision',
    });
  }
  store.transaction(() => {
    if (decision === 'send') {
      // serverVersion stays set: the guard knows the salesperson saw the change and chose.
      store.desk.setState(quoteId, r.version, 'queued', 'Sent after comparing the changes.');
    } else {
      const status = store.getQuote(quoteId)?.base?.quote.status ?? 'draft';
      store.withdrawDeskAnswer(quoteId, status, r.attachmentId);
      store.desk.setState(
        quoteId,
        r.version,
        'withdrawn',
        'Kept on this computer only: the quote had changed after the client saw it.',
      );
    }
  }, 'user');
  wake(ctx, quoteId);
  return {
    quote: detail(ctx, quoteId),
    response: responseOf(store, quoteId, latestOf(store, quoteId)),
  };
}

export function deskHandlers(ctx: ServiceContext): Group<'desk'> {
  return {
    'desk.respond': (input) => respond(ctx, input),
    'desk.responses': ({ quoteId }) => {
      detail(ctx, quoteId);
      const store = ctx.store();
      return { responses: store.desk.list(quoteId).map((r) => responseOf(store, quoteId, r)) };
    },
    'desk.decide': (input) => decide(ctx, input),
  };
}
