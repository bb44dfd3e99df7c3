import type { UpdatesPort } from '../services';
import type { EventHub } from './event-hub';
import type { Logger } from './log';
import type { PolicyReading } from './policy';

/** What the shell's updater gets from the core. */
export interface UpdatesDeps {
  policy: PolicyReading;
  hub: EventHub;
  log: Logger;
  /** Lets a running sync step finish and closes the store: called before installing. */
  close(): Promise<void>;
}

export interface UpdatesController extends UpdatesPort {
  /** No more checks (the app is closing). */
  stop(): void;
}

export type UpdatesFactory = (deps: UpdatesDeps) => UpdatesController;

/** Browser mode, tests, a build from a checkout: no updates. */
export const updatesOff: UpdatesController = {
  state: () => ({ state: 'off', message: 'Updates are not checked in this build.' }),
  restartToUpdate: () => Promise.reject(new Error('No update is ready to install.')),
  stop() {},
};
