// "Export unsynced drafts…" and "Import drafts…" in both modes: on the desktop main's own save
// and open dialogs (the page never holds a path it could read from), in browser mode the
// browser's download and a file picked in the page, whose text is sent.
import { bridgeKind, ipc } from '../ipc';

/** What the salesperson is told once the file is written; null when they cancelled. */
export async function exportDrafts(profileName: string): Promise<string | null> {
  if (bridgeKind() === 'preload') {
    const safe = profileName.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'connection';
    const defaultName = `Quotedesk drafts - ${safe} - ${new Date().toISOString().slice(0, 10)}.json`;
    const { path } = await ipc().call('app.chooseSavePath', { defaultName });
    if (!path) return null;
    const saved = await ipc().call('drafts.save', { path });
    return `${saved.message} Saved to ${path}.`;
  }
  const r = await ipc().call('drafts.export');
  const url = URL.createObjectURL(new Blob([r.text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = r.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return r.message;
}

/** Desktop: main's open dialog; null when cancelled. */
export async function importDraftsChosenInMain(): Promise<string | null> {
  const { path } = await ipc().call('app.chooseDraftsFile');
  if (!path) return null;
  return (await ipc().call('drafts.import', { path })).message;
}

/** Browser mode: a file picked in the page. */
export async function importDraftsFile(file: File): Promise<string> {
  return (await ipc().call('drafts.import', { text: await file.text() })).message;
}
