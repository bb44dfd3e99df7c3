import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const Settings = z.object({
  activeProfileId: z.string().nullable().default(null),
  /** Port of the embedded server's last run, tried first so the demo profile's address stays. */
  embeddedPort: z.number().int().min(1).max(65535).optional(),
});
export type Settings = z.infer<typeof Settings>;

export function readSettings(dataDir: string): Settings {
  try {
    return Settings.parse(JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')));
  } catch {
    return { activeProfileId: null };
  }
}

export function writeSettings(dataDir: string, settings: Settings): void {
  const file = path.join(dataDir, 'settings.json');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(settings, null, 2));
  fs.renameSync(tmp, file);
}
