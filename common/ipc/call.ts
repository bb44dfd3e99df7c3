// The pieces every call of the contract is made of (calls.ts and the per-room call maps).
import { z } from 'zod';
import { Id } from './shapes';

/** One call: what the caller sends and what main answers, both parsed at the bridge. */
export const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({
  input,
  output,
});
/** A call that takes nothing. */
export const none = z.object({}).strict().optional();
/** The argument naming the quote a call is about. */
export const quote = { quoteId: Id };
export const Done = z.object({ done: z.literal(true) });
/** A path main's own dialog answered (checked against its grants in main/core). */
export const FilePath = z.string().min(1, 'is required').max(4096);

/** A BCP 47 tag from the UI (navigator.language) for dates and money on the proposal. */
export const Locale = z
  .string()
  .max(35)
  .regex(/^[A-Za-z0-9-]+$/, 'must be a language tag such as en-US')
  .optional();
