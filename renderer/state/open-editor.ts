// The open quote's editor as the app's shell reaches it (change events, menu commands): the
// editor's state (editor.ts, with the contract's schemas its edits are read by) loads with the
// editor's screen, not with the window, and hands itself over here as it loads. Until then no
// quote is open, and the shell has nothing to tell it or ask of it.
import type { QuoteDetail, QuoteSyncInfo } from '../../common/ipc/shapes';

/** What of the editor's state the shell uses. */
export interface ShellEditor {
  quoteId: string | null;
  detail: QuoteDetail | null;
  reload(): Promise<void>;
  catchUp(generation: number): Promise<void>;
  applySync(quoteId: string, sync: QuoteSyncInfo): void;
}

let editor: { getState(): ShellEditor } | null = null;

/** The editor's state now, or null while its module has not loaded (no quote opened yet). */
export function openEditor(): ShellEditor | null {
  return editor?.getState() ?? null;
}

/** Called once by editor.ts as it loads. */
export function editorLoaded(store: { getState(): ShellEditor }): void {
  editor = store;
}
