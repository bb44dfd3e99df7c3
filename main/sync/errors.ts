// How a failed call steers the engine. The API client tells whether the server may have
// applied the request (`outcome`); here that becomes what to do next.
import { ApiClientError, ApiError, NetworkError, isTransientStatus } from '../api';

export interface Failure {
  /** refused: the server did not apply the request. unknown: it may have. */
  kind: 'refused' | 'unknown';
  /** Worth trying again later as it is (no connection, 5xx, 429). */
  transient: boolean;
  /** No connection at all: back off until the network returns. */
  offline: boolean;
  status: number;
  code: string;
  /** The server's own message where there is one. */
  message: string;
  retryAfterMs?: number;
}

const GONE = ['QUOTE_NOT_FOUND', 'QUOTE_ALREADY_DELETED'];

const KEPT = 'Your edits are kept on this computer and sync tries again by itself.';

/**
 * What the salesperson is told of a failure sync will try again (the status bar, the quote):
 * the client's own text — a request line, a Node code, the page a failing server sent — tells
 * them nothing. The log keeps that text (`message`), redacted.
 */
export function failureWords(f: Failure): string {
  if (!f.transient) return f.message;
  if (f.offline) return `The server cannot be reached. ${KEPT}`;
  if (f.status === 429) return `The server is busy. ${KEPT}`;
  if (f.status >= 500) return `The server is failing (error ${f.status}). ${KEPT}`;
  return `The server's answer did not arrive whole. ${KEPT}`;
}

export function failureOf(e: unknown): Failure | null {
  if (!(e instanceof ApiClientError)) return null;
  if (e instanceof ApiError) {
    const retryAfterMs = e.retryAfterSeconds !== undefined ? e.retryAfterSeconds * 1000 : undefined;
    return {
      kind: e.outcome,
      transient: isTransientStatus(e.status),
      offline: false,
      status: e.status,
      code: e.type,
      message: e.serverMessage,
      retryAfterMs,
    };
  }
  return {
    kind: e.outcome,
    transient: e.outcome === 'unknown',
    offline: e instanceof NetworkError,
    status: 0,
    code: e.name,
    message: e.message,
  };
}

/** The quote does not exist (any more) for this partner. */
export function isGone(e: unknown): boolean {
  return (
    e instanceof ApiError && e.outcome === 'refused' && (e.status === 404 || e.hasCode(...GONE))
  );
}

/** An entity inside the quote is already gone: a delete of it has nothing left to do. */
export function isEntityGone(e: unknown): boolean {
  return (
    e instanceof ApiError &&
    e.outcome === 'refused' &&
    (e.status === 404 ||
      e.hasCode(
        'LINE_ITEM_NOT_FOUND',
        'QUOTE_LINE_ITEM_NOT_FOUND',
        'QUOTE_ACCESS_ENTRY_NOT_FOUND',
        'QUOTE_ATTACHMENT_NOT_FOUND',
        'ATTACHMENT_NOT_FOUND',
        'RESOURCE_NOT_FOUND',
      ))
  );
}

/** "A page number past the last page yields either an empty content array or a Not Found
 * error" (spec, Limits): a 404 for a page after the first ends the list. */
export async function pageOrEnd<T>(page: number, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    if (page > 0 && e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
