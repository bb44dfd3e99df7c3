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
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    let parsed: ReturnType<typeof ProfilesFile.safeParse>;
    try {
      parsed = ProfilesFile.safeParse(JSON.parse(text));
    } catch {
      parsed = { success: false } as ReturnType<typeof ProfilesFile.safeParse>;
    }
    if (parsed.success) return parsed.data.profiles;
    // Keep the unreadable file beside the new one rather than overwrite what the user had.
    await rename(this.path, `${this.path}.unreadable-${Date.now()}`);
    return [];
  }

  async write(profiles: Profile[]): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    const body = JSON.stringify({ version: 1, profiles } satisfies ProfilesFile, null, 2) + '\n';
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fh = await open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(body, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(tmp, this.path);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }
}
