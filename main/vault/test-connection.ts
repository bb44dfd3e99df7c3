// "Test connection": get a token, read one page of quotes, and say in plain words what
// went wrong when something did. Messages never include the secret.
import {
  ApiError,
  AuthError,
  InvalidRequestError,
  InvalidResponseError,
  MissingSecretError,
  NetworkError,
  TimeoutError,
  createApiClient,
  type ApiClientOptions,
  type ApiProfile,
} from '../api';

export type ConnectionProblem =
  | 'missing-secret'
  | 'wrong-secret'
  | 'unreachable'
  | 'certificate'
  | 'no-access'
  | 'not-an-api'
  | 'unexpected';

export type ConnectionTestResult =
  | { ok: true; message: string; quotesVisible: number }
  | { ok: false; problem: ConnectionProblem; message: string };

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function explainFailure(err: unknown, profile: ApiProfile): ConnectionTestResult {
  const host = hostOf(profile.baseUrl);
  const fail = (problem: ConnectionProblem, message: string): ConnectionTestResult => ({
    ok: false,
    problem,
    message,
  });
  if (err instanceof MissingSecretError) {
    return fail('missing-secret', 'Enter the client secret for this connection, then try again.');
  }
  if (err instanceof AuthError) {
    return fail(
      'wrong-secret',
      'The client ID or client secret was not accepted. Check both with whoever gave you the credentials.',
    );
  }
  if (err instanceof NetworkError && err.code === 'CA_FILE_UNREADABLE') {
    return fail(
      'certificate',
      `The certificate file chosen for this connection cannot be used (${profile.caFile}). Choose the file again.`,
    );
  }
  if (err instanceof NetworkError && err.certificate) {
    return fail(
      'certificate',
      `The security certificate of ${host} could not be verified, so nothing was sent. If your company uses its own certificate authority, choose its certificate file in the connection settings.`,
    );
  }
  if (err instanceof TimeoutError) {
    return fail(
      'unreachable',
      `${host} did not answer in time. Check your internet connection and try again.`,
    );
  }
  if (err instanceof NetworkError) {
    if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') {
      return fail(
        'unreachable',
        `The server address ${host} was not found. Check the address and your internet connection.`,
      );
    }
    return fail(
      'unreachable',
      `Quotedesk could not reach ${host}. Check the server address and your internet connection.`,
    );
  }
  if (err instanceof ApiError && err.status === 403) {
    return fail(
      'no-access',
      `Signed in, but this account may not read quotes on ${host}. Check the audience setting, or ask your administrator for access.`,
    );
  }
  if (
    (err instanceof ApiError && (err.status === 404 || err.status === 405)) ||
    err instanceof InvalidResponseError
  ) {
    return fail(
      'not-an-api',
      `${host} answered, but not like a Quoting API. Check the server address.`,
    );
  }
  if (err instanceof ApiError) {
    return fail('unexpected', `The server refused the test: ${err.serverMessage}`);
  }
  if (err instanceof InvalidRequestError) {
    return fail('unexpected', `The connection settings are incomplete: ${err.message}`);
  }
  return fail(
    'unexpected',
    `The connection test failed: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** Gets a token and reads one page of quotes with the given settings. */
export async function testConnection(
  profile: ApiProfile,
  opts: Pick<ApiClientOptions, 'clientSecret' | 'tokenCache' | 'timeoutMs'>,
): Promise<ConnectionTestResult> {
  // One attempt each: the user is waiting and will press the button again if need be.
  const client = createApiClient(profile, { ...opts, retry: { maxAttempts: 1 } });
  try {
    await client.getToken();
    const list = await client.listQuotes({ limit: 1 });
    const n = list.page.totalElements;
    return {
      ok: true,
      quotesVisible: n,
      message: `Connected to ${hostOf(profile.baseUrl)}. ${n === 1 ? '1 quote is' : `${n} quotes are`} visible to you.`,
    };
  } catch (err) {
    return explainFailure(err, profile);
  } finally {
    await client.close();
  }
}
