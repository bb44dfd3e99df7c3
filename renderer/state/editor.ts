// The quote being edited: the core's answer plus the drafts of fields being typed in, so totals
// follow every keystroke; each keystroke is committed too, the draft kept while the field is
// being typed in (so "24.50" is not rewritten as "24.5" under the cursor).
import { create } from 'zustand';
import type { IpcInput, IpcOutput } from '../../common/ipc/calls';
import type { QuoteDetail, QuoteSyncInfo } from '../../common/ipc/shapes';
import type { IpcError } from '../../common/ipc/result';
import { errorOf, ipc } from '../ipc';
import { toast } from '../ui/toast';
import { quoteIn, type EditCall } from './edit-calls';
import { editorLoaded } from './open-editor';

/** The text of the fields being typed in, of one line item (or of the header). */
export type ItemDraft = {
  quantity?: string;
  price?: string;
  note?: string;
  cost?: string;
  /** A recurring Custom item's setup fee. */
  initialTotal?: string;
  [field: string]: string | undefined;
};

/** Where a field's error is kept: `<line item id>:<field>`, `header:<field>`, `access:email`… */
export const fieldKey = (owner: string, field: string) => `${owner}:${field}`;

interface EditorState {
  quoteId: string | null;
  detail: QuoteDetail | null;
  loading: boolean;
  loadError: string | null;
  /** What is typed and not yet stored as typed, by line item id (or `header`) and field. */
  drafts: Record<string, ItemDraft>;
  /** Errors shown at their field, keyed by `fieldKey`. */
  errors: Record<string, string>;
  open: (quoteId: string) => Promise<void>;
  reload: () => Promise<void>;
  /**
   * Reads the quote again unless the editor already holds `generation` (a local edit's own
   * answer carries the quote, so the change event that follows it needs no second read).
   * Waits for the edits under way first: their answers may be that generation.
   */
  catchUp: (generation: number) => Promise<void>;
  close: () => void;
  apply: (d: QuoteDetail) => void;
  /** The open quote's sync state as main said it (nothing is read again). */
  applySync: (quoteId: string, sync: QuoteSyncInfo) => void;
  setDraft: (owner: string, field: string, text: string) => void;
  clearDraft: (owner: string, field?: string) => void;
  setError: (key: string, message: string | null) => void;
  /**
   * Sends an edit and applies the quote its answer carries (`edit-calls.ts` says where); on
   * failure shows the message at `errorKey` (or as a toast) and returns null.
   */
  run: <N extends EditCall>(
    name: N,
    input: IpcInput<N>,
    errorKey?: string | ((e: IpcError) => string | undefined),
  ) => Promise<IpcOutput<N> | null>;
}

let loadSeq = 0;
/** Edits sent and not answered yet (`run`). */
const inFlight = new Set<Promise<unknown>>();

/** The editor as a quote opens: the copy it already shows of that quote, no drafts or errors. */
const opening = (quoteId: string, detail: QuoteDetail | null) => ({
  quoteId,
  detail,
  loading: true,
  loadError: null,
  drafts: {},
  errors: {},
});

export const useEditor = create<EditorState>((set, get) => ({
  quoteId: null,
  detail: null,
  loading: false,
  loadError: null,
  drafts: {},
  errors: {},
  open: async (quoteId) => {
    const seq = ++loadSeq;
    set(opening(quoteId, get().quoteId === quoteId ? get().detail : null));
    try {
      const detail = await ipc().call('quotes.get', { quoteId });
      if (seq === loadSeq) set({ detail, loading: false });
    } catch (e) {
      if (seq === loadSeq) set({ loadError: errorOf(e).message, loading: false });
    }
  },
  reload: async () => {
    const id = get().quoteId;
    if (!id) return;
    const seq = ++loadSeq;
    try {
      const detail = await ipc().call('quotes.get', { quoteId: id });
      if (seq === loadSeq && get().quoteId === id) get().apply(detail);
    } catch (e) {
      const err = errorOf(e);
      if (err.code === 'NOT_FOUND' && seq === loadSeq)
        set({ loadError: 'This quote has been deleted.' });
    }
  },
  catchUp: async (generation) => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
    if ((get().detail?.generation ?? -1) >= generation) return;
    await get().reload();
  },
  close: () => {
    loadSeq++;
    set({ quoteId: null, detail: null, drafts: {}, errors: {}, loadError: null });
  },
  apply: (d) => {
    if (d.header.id !== get().quoteId) return;
    const cur = get().detail;
    // Answers can arrive out of order; never step back to an older generation.
    if (cur && cur.generation > d.generation) return;
    set({ detail: d });
  },
  applySync: (quoteId, sync) => {
    const cur = get().detail;
    if (get().quoteId === quoteId && cur) set({ detail: { ...cur, sync } });
  },
  setDraft: (owner, field, text) =>
    set((s) => ({ drafts: { ...s.drafts, [owner]: { ...s.drafts[owner], [field]: text } } })),
  clearDraft: (owner, field) =>
    set((s) => {
      if (!s.drafts[owner]) return s;
      const drafts = { ...s.drafts };
      if (!field) delete drafts[owner];
      else {
        const d = { ...drafts[owner] };
        delete d[field];
        if (Object.keys(d).length) drafts[owner] = d;
        else delete drafts[owner];
      }
      return { drafts };
    }),
  setError: (key, message) =>
    set((s) => {
      // Unchanged: keep the same object so nothing re-renders (this runs on every keystroke).
      if ((s.errors[key] ?? null) === (message ?? null)) return s;
      const errors = { ...s.errors };
      if (message) errors[key] = message;
      else delete errors[key];
      return { errors };
    }),
  run: async <N extends EditCall>(
    name: N,
    input: IpcInput<N>,
    errorKey?: string | ((e: IpcError) => string | undefined),
  ) => {
    const sent = ipc().call<EditCall>(name, input);
    inFlight.add(sent);
    try {
      const out = (await sent) as IpcOutput<N>;
      const quoteOf: (out: IpcOutput<N>) => QuoteDetail = quoteIn[name];
      get().apply(quoteOf(out));
      if (typeof errorKey === 'string') get().setError(errorKey, null);
      return out;
    } catch (e) {
      refused(errorOf(e), errorKey);
      return null;
    } finally {
      inFlight.delete(sent);
    }
  },
}));

// The shell (events, commands) reaches the editor through open-editor.ts once this has loaded.
editorLoaded(useEditor);

/** A refused edit's message, shown at `errorKey` (or as a toast). */
function refused(err: IpcError, errorKey?: string | ((e: IpcError) => string | undefined)) {
  // Asked first (editor/accepted-lock-dialog.tsx) and the salesperson chose Cancel: what was
  // typed goes, as they chose, and every field shows the quote's value again.
  if (err.code === 'ACCEPTED_LOCKED') return useEditor.setState({ drafts: {} });
  const key = typeof errorKey === 'function' ? errorKey(err) : errorKey;
  if (key) useEditor.getState().setError(key, err.message);
  else toast.error(err.message);
}
