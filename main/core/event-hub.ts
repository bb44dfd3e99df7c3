// The events' fan-out, without the contract's schemas: browser mode's bridge holds the hub
// before the core is loaded, and the schemas (zod and every shape an event carries, ~40 ms of
// a start's CPU) come with the core (`checkWith`), not before the bridge listens.
import type { events as EventSchemas, EventName, IpcEvent } from '../../common/ipc/events';

export type EventListener = (event: EventName, payload: unknown) => void;

/** Fans the contract's events out to every transport (Electron windows, SSE clients). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();
  private schemas: typeof EventSchemas | null;

  /** `schemas`: the contract's events (common/ipc/events); or later, through `checkWith`. */
  constructor(schemas?: typeof EventSchemas) {
    this.schemas = schemas ?? null;
  }

  /** The schemas every payload is checked against from now on (the core gives them). */
  checkWith(schemas: typeof EventSchemas): void {
    this.schemas = schemas;
  }

  emit<E extends EventName>(event: E, payload: IpcEvent<E>): void {
    // Nothing emits before the core exists, and the core brings the schemas: a hub without
    // them is a mistake to be seen, not a payload to pass unchecked.
    if (!this.schemas) throw new Error(`event ${event}: emitted before the events' schemas`);
    // Checked here so a malformed payload fails in tests, not silently in the UI.
    const parsed = this.schemas[event].safeParse(payload);
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
