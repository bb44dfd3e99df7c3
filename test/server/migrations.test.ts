// The server's migrations: one file each, a registry that checks their order, and a database
// written by a newer version refused and left exactly as found (as the app's store does).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../../main/core/embedded-server';
import { silentLogger } from '../../main/core/log';
import { DatabaseTooNewError, openDatabase } from '../../server/db';
import { LATEST_VERSION, MIGRATIONS, checkOrder } from '../../server/db/migrations';
import { DEMO_SEED, REPO_ROOT } from '../helpers/server';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'quotedesk-server-migrations-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const step = (version: number, name = `step ${version}`) => ({ version, name, up: () => {} });

/** A data directory whose database a later version of the server wrote. */
function newerDataDir(): { dir: string; file: string } {
  const dir = tempDir();
  openDatabase(dir).close();
  const file = join(dir, 'quoting.sqlite');
  const db = new Database(file);
  db.exec("CREATE TABLE from_the_future (x TEXT); INSERT INTO from_the_future VALUES ('kept');");
  db.pragma(`user_version = ${LATEST_VERSION + 1}`);
  db.close();
  return { dir, file };
}

describe('server migration registry', () => {
  it('accepts versions from 1 without a gap and rejects a gap or a reused version', () => {
    expect(checkOrder([step(1), step(2)]).length).toBe(2);
    expect(() => checkOrder([step(1), step(3, 'sort index')])).toThrow(
      /"sort index" has version 3 where 2 was expected/,
    );
    expect(() => checkOrder([step(1), step(1, 'again')])).toThrow(/"again" repeats version 1/);
  });

  it('lists every migration file of the folder under the version its name carries', () => {
    const files = readdirSync(join(REPO_ROOT, 'server/db/migrations')).filter((f) =>
      /^v\d+-.+\.ts$/.test(f),
    );
    expect(files.map((f) => Number(/^v(\d+)/.exec(f)![1])).sort((a, b) => a - b)).toEqual(
      MIGRATIONS.map((m) => m.version),
    );
  });
});

describe('a database from a newer server', () => {
  it('is refused with a typed error naming both versions, and left untouched', () => {
    const { dir, file } = newerDataDir();
    const before = sha(file);
    let error: unknown;
    try {
      openDatabase(dir).close();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as DatabaseTooNewError).message).toContain(
      `schema version ${LATEST_VERSION + 1}; this version reads up to ${LATEST_VERSION}`,
    );
    expect(sha(file)).toBe(before);
    // A read-only look may leave an empty log beside it; nothing was written into one.
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
  });

  it('makes `npm run server` stop before serving, saying why, with the file as it was', () => {
    const { dir, file } = newerDataDir();
    const before = sha(file);
    const run = spawnSync(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [join(REPO_ROOT, 'server/cli.ts'), '--port', '0', '--data-dir', dir],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`has schema version ${LATEST_VERSION + 1}`);
    expect(run.stderr).toContain('left untouched');
    expect(sha(file)).toBe(before);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT x FROM from_the_future').pluck().get()).toBe('kept');
    db.close();
  });

  it('makes the app’s embedded server fail to start with the reason, not only an exit code', async () => {
    const { dir, file } = newerDataDir();
    const before = sha(file);
    await expect(
      startEmbeddedServer({
        run: {
          command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
          args: [join(REPO_ROOT, 'server/cli.ts')],
        },
        dataDir: dir,
        seedFile: DEMO_SEED,
        clientSecret: 'a-secret-of-this-installation',
        log: silentLogger,
      }),
    ).rejects.toThrow(
      `has schema version ${LATEST_VERSION + 1}; this version reads up to ${LATEST_VERSION}`,
    );
    expect(sha(file)).toBe(before);
  });
});
