// One pooled undici Agent per profile. TLS is always verified; a profile may add one CA
// file (e.g. the embedded server's) to the trusted roots, never turn verification off.
import { readFile } from 'node:fs/promises';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent } from 'undici';

export interface AgentOptions {
  caFile?: string;
  /** Parallel connections per origin. */
  connections?: number;
  connectTimeoutMs?: number;
}

export class CaFileError extends Error {
  override readonly name = 'CaFileError';
}

export async function createAgent(opts: AgentOptions): Promise<Agent> {
  let secureContext: SecureContext | undefined;
  if (opts.caFile) {
    let pem: string;
    try {
      pem = await readFile(opts.caFile, 'utf8');
    } catch (err) {
      throw new CaFileError(`the CA file ${opts.caFile} cannot be read`, { cause: err });
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new CaFileError(`the CA file ${opts.caFile} holds no PEM certificate`);
    }
    // `ca` replaces Node's roots, so keep them: the extra CA is added, not substituted.
    // Built once: given as `ca`, every new connection would parse all of the roots again
    // (about 10 ms of CPU each, which a burst of new connections pays in full).
    secureContext = createSecureContext({ ca: [...rootCertificates, pem] });
  }
  return new Agent({
    connections: opts.connections ?? 6,
    // HTTP/2 where the server offers it (ALPN): many requests in flight on one connection, so a
    // background fill is bounded by round trips, not by the pool; HTTP/1.1 servers as before.
    allowH2: true,
    keepAliveTimeout: 10_000,
    connect: {
      timeout: opts.connectTimeoutMs ?? 10_000,
      rejectUnauthorized: true,
      ...(secureContext ? { secureContext } : {}),
    },
  });
}
