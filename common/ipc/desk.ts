// Accept at the desk: the client's answer given in present mode — accepted, declined or
// changes requested — with their name, e-mail, their own words where they give a reason, and
// their signature (drawn with a pointer, touch or pen, or their name typed). Main freezes the
// quote as they saw it as a version, makes the signed proposal PDF, attaches it and queues the
// status change, all in one step and offline; sync sends it. What the app then knows of the
// answer is a `DeskResponse`.
import { z } from 'zod';
import { Email } from '../api/primitives';
import { call, quote } from './call';
import { Id, QuoteDetail } from './shapes';

export const DESK_RESPONSE_KINDS = ['accepted', 'declined', 'changes_requested'] as const;
export const DeskResponseKind = z.enum(DESK_RESPONSE_KINDS);
export type DeskResponseKind = z.infer<typeof DeskResponseKind>;

/**
 * Where an answer stands: `queued` (kept here, sent at the next sync), `sent` (the server holds
 * the status), `stopped` (the server's copy changed after the client saw it: the salesperson
 * decides), `refused` (the server refused the status change; the signed PDF stays attached),
 * `withdrawn` (the salesperson kept it on this computer only).
 */
export const DESK_RESPONSE_STATES = ['queued', 'sent', 'stopped', 'refused', 'withdrawn'] as const;
export const DeskResponseState = z.enum(DESK_RESPONSE_STATES);
export type DeskResponseState = z.infer<typeof DeskResponseState>;

/** A drawn signature as a PNG image: a few tens of KB; this keeps a photo out. */
export const SIGNATURE_MAX_BYTES = 256 * 1024;

export const DeskSignature = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('drawn'),
    /** The PNG file, base64 (its bytes are checked in main). */
    pngBase64: z
      .string()
      .min(1, 'is required')
      .max(Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4 + 4, 'is larger than 256 KB'),
  }),
  /** The fallback: the client types their name. */
  z.object({ kind: z.literal('typed'), text: z.string().trim().min(1, 'is required').max(100) }),
]);
export type DeskSignature = z.infer<typeof DeskSignature>;

export const DeskRespondInput = z
  .object({
    ...quote,
    kind: DeskResponseKind,
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    email: z.string().trim().pipe(Email),
    /** The client's own words: required to decline or to ask for changes. */
    reason: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
    signature: DeskSignature,
    /** The client's time zone (IANA, e.g. Europe/Berlin), printed with the date and time. */
    timeZone: z.string().min(1, 'is required').max(64),
  })
  .refine((v) => v.kind === 'accepted' || v.reason.length > 0, {
    path: ['reason'],
    message: 'is required: say in the client’s words why',
  });
export type DeskRespondInput = z.input<typeof DeskRespondInput>;

export const DeskResponse = z.object({
  quoteId: z.string(),
  kind: DeskResponseKind,
  /** The version the answer froze: the quote exactly as the client saw it. */
  version: z.number().int().min(1),
  /** That version's SHA-256, printed on every page of the signed PDF. */
  versionSha256: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  signedAt: z.string(),
  timeZone: z.string(),
  attachmentId: Id.nullable(),
  state: DeskResponseState,
  /** Why it stopped or was refused, in words. */
  message: z.string().nullable(),
  /** When stopped: the version holding the server's changed copy, to compare. */
  serverVersion: z.number().int().nullable(),
});
export type DeskResponse = z.infer<typeof DeskResponse>;

export const deskCalls = {
  /** The client's answer, taken offline in one step (see above). */
  'desk.respond': call(DeskRespondInput, z.object({ quote: QuoteDetail, response: DeskResponse })),
  /** The quote's answers given at the desk, oldest first. */
  'desk.responses': call(z.object(quote), z.object({ responses: z.array(DeskResponse) })),
  /**
   * The salesperson's decision on a stopped answer: `send` it to the changed quote anyway, or
   * `withdraw` it (kept on this computer only; the quote goes back to the server's status).
   */
  'desk.decide': call(
    z.object({ ...quote, decision: z.enum(['send', 'withdraw']) }),
    z.object({ quote: QuoteDetail, response: DeskResponse }),
  ),
};
