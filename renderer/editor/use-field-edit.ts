// One field of the open quote edited in place — a line's quantity, price, note or setup fee, the
// header's expiry, introduction or terms — owned by one hook: what is typed (the draft), its
// check, the comparison with what is stored, the call that saves it and the error shown at it.
//
// Every keystroke is committed: what is on screen is on disk within a frame, so nothing typed is
// lost if the app dies. One call per field is in flight at a time (calls can overtake each other
// on the bridge, and an older value must never land last); keystrokes typed meanwhile go in the
// next call, which sends the latest draft. Every call of one visit of the field (focus to blur)
// carries the same key, so the visit is one undo step. Leaving a field the visit changed tells
// sync to send the quote's edits now, not after its settle window.
//
// The draft lives in the editor's store (state/editor.ts), not here: the totals, the section
// subtotals and the margin flags follow what is being typed. The error lives there too, at the
// field the call's answer names (`field: 'patch.price'` → the price cell of that line), so a
// refusal shows under the cell it is about.
import { useState } from 'react';
import type { IpcError } from '../../common/ipc/result';
import { ipc } from '../ipc';
import { fieldKey, useEditor } from '../state/editor';

/** What a field's text reads as: the value to store, or the message shown at the field. */
export type Checked<V> = { ok: true; value: V } | { ok: false; error: string };

/** The edit that saves a field: the value goes into the call's `patch`, or beside `quoteId`. */
export type FieldSave =
  | { call: 'lineItems.update'; quoteId: string; lineItemId: string }
  | { call: 'quotes.updateHeader'; quoteId: string };

export interface FieldEdit<V> {
  save: FieldSave;
  /** Whose field: the line item's id, or `header`; the drafts and errors are kept under it. */
  owner: string;
  /** The field as the edit call names it (`quantity`, `introMessage`). */
  field: string;
  /** The owner's fields an answer may name: a refusal naming one of them is shown there. */
  siblings: readonly string[];
  /** The stored value as the field shows it while nothing is being typed. */
  shown: string;
  check: (text: string) => Checked<V>;
  /** The value stored now: read as a call is sent (an earlier call of the visit may have landed). */
  stored: () => V;
}

let visits = 0;

function newVisit(): string {
  visits += 1;
  return `${Date.now().toString(36)}-${visits}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A field's calls: one in flight, the next one sending whatever is latest then. */
class Commits {
  private inFlight: Promise<void> | null = null;
  private again = false;
  private send: (visit: string) => Promise<void> = async () => {};
  /** The visit's undo key, made by its first call: none while the visit changed nothing. */
  private visit: string | null = null;
  /** True while the field has the focus: what is typed stays as typed (e.g. "24.50"). */
  focused = false;

  /** A new visit of the field: its edits become a new undo step. */
  enter(): void {
    this.visit = null;
    this.focused = true;
  }

  leave(): void {
    this.focused = false;
  }

  /** True once this visit has sent anything. */
  get changed(): boolean {
    return this.visit !== null;
  }

  /** Runs `send` now, or right after the call in flight; the latest `send` given is the one run. */
  push(send: (visit: string) => Promise<void>): Promise<void> {
    this.send = send;
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.visit ??= newVisit();
    const visit = this.visit;
    const run = (async () => {
      try {
        await this.send(visit);
      } finally {
        this.inFlight = null;
      }
      if (this.again) {
        this.again = false;
        await this.push(this.send);
      }
    })();
    this.inFlight = run;
    return run;
  }

  async landed(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => {});
  }
}

/** The field's text, its error and what its input calls on each event. */
export function useFieldEdit<V>(spec: FieldEdit<V>) {
  const { owner, field } = spec;
  const key = fieldKey(owner, field);
  const draft = useEditor((s) => s.drafts[owner]?.[field]);
  const error = useEditor((s) => s.errors[key]);
  const [commits] = useState(() => new Commits());

  const state = () => useEditor.getState();
  const typed = () => state().drafts[owner]?.[field];
  const errorAt = (e: IpcError) => {
    const named = e.field?.split('.').pop();
    return named && spec.siblings.includes(named) ? fieldKey(owner, named) : key;
  };

  /** One edit of the visit; the answer's quote is applied, a refusal shown where it names. */
  const send = (value: V, coalesce: string) => {
    const { save } = spec;
    const { run } = state();
    if (save.call === 'quotes.updateHeader')
      return run(save.call, { quoteId: save.quoteId, [field]: value, coalesce }, errorAt);
    const { quoteId, lineItemId } = save;
    return run(save.call, { quoteId, lineItemId, patch: { [field]: value }, coalesce }, errorAt);
  };

  const commit = async (visit: string) => {
    const text = typed();
    if (text === undefined) return;
    const { check, stored } = spec;
    const read = check(text);
    if (!read.ok) return state().setError(key, read.error);
    state().setError(key, null);
    if (read.value !== stored()) {
      const answered = await send(read.value, visit);
      if (!answered) return;
    }
    // Saved: the field shows the stored value again, unless it is still typed in or was typed on.
    if (!commits.focused && typed() === text) state().clearDraft(owner, field);
  };

  const change = (text: string) => {
    state().setDraft(owner, field, text);
    // Checked as it is typed, so the error sits at the field at once; text that reads as
    // nothing valid is not sent.
    const read = spec.check(text);
    state().setError(key, read.ok ? null : read.error);
    if (read.ok) void commits.push(commit);
  };

  return {
    value: draft ?? spec.shown,
    error,
    change,
    /** A new visit of the field: its edits become a new undo step. */
    enter: () => commits.enter(),
    /**
     * The field was left: what is typed is committed, and if the visit changed anything, sync
     * is told once its last commit has landed (main must hold the edit first, or it would wait
     * out the settle window).
     */
    leave: () => {
      commits.leave();
      if (typed() !== undefined) void commits.push(commit);
      if (!commits.changed) return;
      const { quoteId } = spec.save;
      void commits
        .landed()
        .then(() => ipc().call('sync.flushQuote', { quoteId }))
        .catch(() => {}); // only sooner: unsent, the edits go when the settle window ends
    },
    /** Enter: commit what is typed now. */
    commitNow: () => {
      if (typed() !== undefined) void commits.push(commit);
    },
    /** Escape: back to the stored value. */
    revert: () => {
      state().clearDraft(owner, field);
      state().setError(key, null);
    },
  };
}
