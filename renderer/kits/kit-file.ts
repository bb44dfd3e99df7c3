// A kit out to a file and in from one. Desktop: the native save dialog, the file written by
// main (to the path that dialog answered). Browser mode: the browser's download. In: the text
// of a file picked in the page, checked in main.
import type { KitSummary } from '../../common/ipc/kits';
import { bridgeKind, ipc } from '../ipc';

/** Saves the kit's file; answers where it went (null: cancelled). */
export async function exportKit(kit: KitSummary): Promise<string | null> {
  const file = await ipc().call('kits.export', { kitId: kit.id });
  if (bridgeKind() === 'preload') {
    const { path } = await ipc().call('app.chooseSavePath', { defaultName: file.fileName });
    if (!path) return null;
    return (await ipc().call('kits.saveFile', { kitId: kit.id, path })).path;
  }
  const url = URL.createObjectURL(new Blob([file.json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.fileName;
}

/**
 * Desktop: the native open dialog, the file read by main. Answers the kit, null when cancelled,
 * or 'page' where the page's own file input must pick it (browser mode).
 */
export async function importKitWithDialog(): Promise<KitSummary | null | 'page'> {
  if (bridgeKind() !== 'preload') return 'page';
  const { path } = await ipc().call('app.chooseDraftsFile', { kind: 'kit' });
  return path ? ipc().call('kits.import', { path }) : null;
}

/** Keeps the kit of a file picked in the page; throws the refusal (what is wrong with it). */
export async function importKit(file: File): Promise<KitSummary> {
  return ipc().call('kits.import', { json: await file.text() });
}
