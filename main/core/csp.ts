/**
 * The renderer's Content-Security-Policy, one builder for both transports: the Electron
 * shell sets it on every response of its custom protocol, the browser bridge on every page.
 * Nothing inline, no eval, no remote origin: the UI only talks to its own origin.
 */
export interface CspOptions {
  /** Extra origins the page may fetch from (the bridge when it differs from the page). */
  connectSrc?: string[];
}

export function buildCsp(options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': "'self'",
    // pdf.js runs its worker from a bundled file on the same origin.
    'worker-src': "'self'",
    'style-src': "'self'",
    // pdf.js renders pages to canvas and may hand images over as blob: or data: URLs.
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': connect,
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-src': "'none'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** Headers every renderer response carries, in either transport. */
export function securityHeaders(csp = buildCsp()): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}
