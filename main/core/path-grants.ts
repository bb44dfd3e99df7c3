import path from 'node:path';

/**
 * The only file paths main acts on for the UI: the ones its own open or save dialog handed
 * out in this run of the app. A page that was tricked into sending `/home/me/.ssh/id_rsa`
 * gets a refusal, not the file (docs/architecture.md#the-electron-shell: main trusts no path from the UI).
 */
export class PathGrants {
  private readonly open = new Set<string>();
  private readonly save = new Set<string>();

  grantOpen(paths: readonly string[]): void {
    for (const p of paths) this.open.add(path.resolve(p));
  }

  grantSave(p: string): void {
    this.save.add(path.resolve(p));
  }

  mayRead(p: string): boolean {
    return path.isAbsolute(p) && this.open.has(path.resolve(p));
  }

  mayWrite(p: string): boolean {
    return path.isAbsolute(p) && this.save.has(path.resolve(p));
  }
}
