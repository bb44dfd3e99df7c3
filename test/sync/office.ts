// The office for one test file: opened before its tests and closed after them. Behind the
// fault proxy, the proxy's rules and dialect are cleared before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  closeOffice,
  closeProxiedOffice,
  openOffice,
  openProxiedOffice,
  type Office,
  type ProxiedOffice,
} from './harness';

/** The server with Ada's and Ben's clients, handed to `opened` once it runs. */
export function officeForFile(opened: (office: Office) => void): void {
  let office: Office | undefined;
  beforeAll(async () => {
    office = await openOffice();
    opened(office);
  });
  afterAll(() => closeOffice(office ?? {}));
}

export function proxiedOfficeForFile(): ProxiedOffice {
  const office = {} as ProxiedOffice;
  beforeAll(async () => {
    Object.assign(office, await openProxiedOffice());
  });
  afterAll(() => closeProxiedOffice(office));
  beforeEach(() => {
    office.proxy.clear();
    office.proxy.speak(null);
  });
  return office;
}
