// The events' map alone, not the whole contract: browser mode's bridge holds the hub before
// the core (and the calls' schemas) are loaded.
import { events, type EventName, type IpcEvent } from '../../common/ipc/events';

export type EventListener = (event: EventName, payload: unknown) => void;

/** Fans the contract's events out to every transport (Electron windows, SSE clients). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: IpcEvent<E>): void {
    // Checked here so a malformed payload fails in tests, not silently in the UI.
    const parsed = events[event].safeParse(payload);
    if (!parsed.success) throw new Error(`event ${event}: ${parsed.error.message}`);
    for (const l of this.listeners) {
      try {
        l(event, parsed.data);
      } catch {
        // One broken listener (a closed window) must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
