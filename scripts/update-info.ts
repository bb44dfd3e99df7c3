// The update metadata a generic feed serves (`latest-linux.yml`, the same shape electron-builder
// writes and electron-updater reads): the version, and each file with its size and sha512.
// Written here where electron-builder cannot build the installers (no Electron runtime to
// download), and checked in both cases: every file it names is there, with that size and hash.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function yaml(): { load(s: string): unknown; dump(o: unknown): string } {
  const builderDir = path.dirname(require.resolve('app-builder-lib/package.json'));
  return require(require.resolve('js-yaml', { paths: [builderDir] })) as {
    load(s: string): unknown;
    dump(o: unknown): string;
  };
}

const sha512Of = (file: string) =>
  createHash('sha512').update(fs.readFileSync(file)).digest('base64');

export interface UpdateInfo {
  version: string;
  files: Array<{ url: string; sha512: string; size: number }>;
  path: string;
  sha512: string;
  releaseDate: string;
}

/** Writes `<dir>/latest-linux.yml` for `file` (a name in `dir`). */
export function writeUpdateInfo(dir: string, version: string, file: string): string {
  const full = path.join(dir, file);
  const sha512 = sha512Of(full);
  const info: UpdateInfo = {
    version,
    files: [{ url: file, sha512, size: fs.statSync(full).size }],
    path: file,
    sha512,
    releaseDate: new Date().toISOString(),
  };
  const out = path.join(dir, 'latest-linux.yml');
  fs.writeFileSync(out, yaml().dump(info));
  return out;
}

/** What is wrong with `<dir>/latest-linux.yml` (empty: it is right). */
export function checkUpdateInfo(dir: string, version: string): string[] {
  const file = path.join(dir, 'latest-linux.yml');
  if (!fs.existsSync(file)) return ['latest-linux.yml is missing'];
  const info = yaml().load(fs.readFileSync(file, 'utf8')) as Partial<UpdateInfo> | null;
  const problems: string[] = [];
  if (info?.version !== version) {
    problems.push(`latest-linux.yml: version ${info?.version} is not ${version}`);
  }
  if (!info?.files?.length) return [...problems, 'latest-linux.yml names no file'];
  for (const f of info.files) {
    const full = path.join(dir, f.url);
    if (!fs.existsSync(full)) {
      problems.push(`latest-linux.yml: ${f.url} is not beside it`);
      continue;
    }
    if (fs.statSync(full).size !== f.size) problems.push(`latest-linux.yml: ${f.url} size differs`);
    if (sha512Of(full) !== f.sha512) problems.push(`latest-linux.yml: ${f.url} sha512 differs`);
  }
  return problems;
}
