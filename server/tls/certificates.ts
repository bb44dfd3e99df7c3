import forge from 'node-forge';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsMaterial {
  caFile: string;
  ca: string;
  cert: string;
  key: string;
}

// Keys come from node:crypto (fast, native); node-forge only builds and signs the X.509
// certificates, which node:crypto cannot do.
function newKeyPair(): {
  publicKey: forge.pki.PublicKey;
  privateKey: forge.pki.rsa.PrivateKey;
  pem: string;
} {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  return { publicKey, privateKey: forgeKey, pem };
}

function serial(): string {
  // Positive 16-byte serial (leading nibble kept below 8 so it is never read as negative).
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

/**
 * A year back: the laptop's clock may be set back (a dead battery, a time zone fixed by hand)
 * after these were made, and a certificate "not yet valid" would cut the app off its own server.
 */
function validFrom(): Date {
  return new Date(Date.now() - 365 * 86_400_000);
}

function years(n: number): Date {
  const d = new Date();
  d.setFullYear(d.getFullYear() + n);
  return d;
}

function createCa() {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = validFrom();
  cert.validity.notAfter = years(10);
  const attrs = [
    { name: 'commonName', value: 'Quotedesk Local Quoting API CA' },
    { name: 'organizationName', value: 'Quotedesk' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert, keys };
}

function createServerCert(ca: forge.pki.Certificate, caKey: forge.pki.rsa.PrivateKey) {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = validFrom();
  cert.validity.notAfter = years(2);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert, keys };
}

/** Loads the CA and server certificate from `<dataDir>/tls`, creating them on first start. */
export function ensureTls(dataDir: string): TlsMaterial {
  const dir = join(dataDir, 'tls');
  const caFile = join(dir, 'ca.pem');
  const certFile = join(dir, 'server.pem');
  const keyFile = join(dir, 'server-key.pem');
  if (!existsSync(caFile) || !existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const ca = createCa();
    const server = createServerCert(ca.cert, ca.keys.privateKey);
    writeFileSync(join(dir, 'ca-key.pem'), ca.keys.pem, { mode: 0o600 });
    writeFileSync(keyFile, server.keys.pem, { mode: 0o600 });
    writeFileSync(certFile, forge.pki.certificateToPem(server.cert));
    writeFileSync(caFile, forge.pki.certificateToPem(ca.cert));
  }
  return {
    caFile,
    ca: readFileSync(caFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(keyFile, 'utf8'),
  };
}
