// A connection's extra CA certificate comes from the page only as a path main's own dialog
// handed out (`app.chooseCaFile`) or as the PEM text of a file picked in the page. Either way
// main keeps its own copy in the data folder (`ca/<sha256>.pem`): the profile never points at a
// path a page typed, and a refusal never says whether some other file exists.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { requireGranted, type ServiceContext } from './context';
import { ServiceError } from './errors';

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** The data-folder copy of the CA the input names, or undefined when it names none. */
export function keptCaFile(
  ctx: ServiceContext,
  input: { caFile?: string | undefined; caPem?: string | undefined },
): string | undefined {
  let pem: string;
  let field: 'caFile' | 'caPem';
  if (input.caFile) {
    field = 'caFile';
    requireGranted(ctx, 'read', input.caFile, field);
    try {
      pem = fs.readFileSync(input.caFile, 'utf8');
    } catch {
      throw new ServiceError('VALIDATION', 'caFile: the chosen file cannot be read.', { field });
    }
  } else if (input.caPem) {
    field = 'caPem';
    pem = input.caPem;
  } else {
    return undefined;
  }
  if (!PEM_CERT.test(pem)) {
    throw new ServiceError(
      'VALIDATION',
      `${field}: the chosen file is not a PEM certificate (-----BEGIN CERTIFICATE-----).`,
      { field },
    );
  }
  const dir = path.join(ctx.info().dataDir, 'ca');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${createHash('sha256').update(pem).digest('hex')}.pem`);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, pem, { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return file;
}
