import { readSettings, writeSettings, type Settings } from './settings';

/** `settings.json` as the running app sees it: read once, written through on every change. */
export class LiveSettings {
  private value: Settings;

  constructor(private readonly dataDir: string) {
    this.value = readSettings(dataDir);
  }

  get current(): Settings {
    return this.value;
  }

  save(patch: Partial<Settings>): void {
    this.value = { ...this.value, ...patch };
    writeSettings(this.dataDir, this.value);
  }
}
