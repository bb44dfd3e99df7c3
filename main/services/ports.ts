// What the services need of the app around them, as interfaces: the composition root
// (main/core) implements them and hands them in. Services import nothing of core.
import type { AppMode, EventName, IpcEvent, SyncStatus, UpdateState } from '../../common/ipc';

export type LogLevel = 'info' | 'warn' | 'error';
export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Where the services' events go (core's EventHub fans them out to every window). */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: IpcEvent<E>): void;
}

/** What only the shell around the core can do (native dialogs, the OS browser). */
export interface Platform {
  mode: AppMode;
  choosePdfFiles?(multiple: boolean): Promise<string[]>;
  chooseSavePath?(defaultName: string): Promise<string | null>;
  openExternal?(url: string): Promise<void>;
  /** The open dialog for a CA certificate (PEM); null when cancelled. */
  chooseCaFile?(): Promise<string | null>;
  /** The open dialog for a drafts file or a kit file (JSON); null when cancelled. */
  chooseDraftsFile?(kind?: 'drafts' | 'kit'): Promise<string | null>;
  /**
   * A desktop notification (Electron's `Notification`); `onClick` when the user clicks it.
   * Absent in browser mode, where the UI shows a notice instead.
   */
  notify?(n: { title: string; body: string }, onClick: () => void): void;
}

/** Updates, as the desktop shell runs them (browser mode and tests: always `off`). */
export interface UpdatesPort {
  state(): UpdateState;
  /** Installs the downloaded update and restarts, once nothing is being written. */
  restartToUpdate(): Promise<void>;
}

/** Paths the app's own dialogs handed out: the only ones read or written for the UI. */
export interface PathGrantsPort {
  grantOpen(paths: readonly string[]): void;
  grantSave(path: string): void;
  mayRead(path: string): boolean;
  mayWrite(path: string): boolean;
}

/**
 * What the services need of a sync engine; main/sync's engine is adapted to it by core.
 * Local edits reach it through the store's change events (core listens), not by the services.
 */
export interface SyncPort {
  status(): SyncStatus;
  /** The user asked: start a pass now, even while backing off. Never waits for it. */
  runNow(quoteId?: string): void;
  /** Something to send: sync soon (unless offline and backing off). */
  changed(quoteId: string): void;
  /** A field of this quote was left: its waiting edits go now (unless paused or offline). */
  flushQuote?(quoteId: string): void;
  /** The user opened a quote of which only the list entry is here: download it first. */
  opened?(quoteId: string): void;
  /** "Keep all quotes offline" turned on or off: download every quote only listed (on). */
  keepAllOffline?(on: boolean): void;
  pause(): void;
  resume(): void;
  /** Stops starting new steps and resolves when the steps in flight have finished. */
  stop(): Promise<void>;
}
