// Profiles live in one JSON file in the data directory, written atomically (temp file,
// fsync, rename) so a crash mid-write leaves either the old or the new file, never half.
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ProfilesFile, type Profile } from './profile';

export const PROFILES_FILE_NAME = 'connection-profiles.json';

export class ProfilesStore {
  readonly path: string;
  constructor(readonly dataDir: string) {
    this.path = join(dataDir, PROFILES_FILE_NAME);
  }

  async read(): Promise<Profile[]> {
    const main = await readProfiles(this.path);
    if (main !== 'unreadable') return main ?? [];
    // Keep the unreadable file beside the new one rather than overwrite what the user had,
    // and go on with the copy of the last list written whole: the connections (and their
    // stores, named by their ids) stay as they were.
    await rename(this.path, `${this.path}.unreadable-${Date.now()}`);
    const copy = await readProfiles(this.backup);
    if (copy === 'unreadable' || copy === null) return [];
    await this.write(copy);
    return copy;
  }

  /** The last list written whole, kept for a main file found damaged. */
  get backup(): string {
    return `${this.path}.bak`;
  }

  async write(profiles: Profile[]): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    const body = JSON.stringify({ version: 1, profiles } satisfies ProfilesFile, null, 2) + '\n';
    await this.writeWhole(this.path, body);
    await this.writeWhole(this.backup, body);
  }

  private async writeWhole(path: string, body: string): Promise<void> {
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fh = await open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(body, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }
}

/** The profiles of `file`; null when it does not exist, `unreadable` when it cannot be parsed. */
async function readProfiles(file: string): Promise<Profile[] | null | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = ProfilesFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.profiles : 'unreadable';
  } catch {
    return 'unreadable';
  }
}
