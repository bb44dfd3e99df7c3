// The office behind the fault proxy, for one test file: opened before its tests and closed
// after them; the proxy's rules and dialect cleared before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeProxiedOffice, openProxiedOffice, type ProxiedOffice } from './harness';

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
