// The app in Chromium with its connection going through the fault proxy (a partner API that can
// be made to fail on demand): the profile added and switched to, online, and a client of the
// real server beside it to read what reached the server.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../api/fault-proxy';
import { DEMO, login, type Api } from '../helpers/server-api';
import { startApp, type RunningApp } from './app';
import { screenshot } from './browser';

export async function startAppThroughProxy(): Promise<{
  app: RunningApp;
  proxy: FaultProxy;
  api: Api;
}> {
  const app = await startApp();
  const proxy = await startFaultProxy(app.server());
  // The connection goes through the proxy; tokens are still for the server's own audience.
  const added = await app.core.dispatch(
    'profiles.add',
    {
      name: 'Office',
      baseUrl: proxy.url,
      audience: app.server().baseUrl,
      clientId: DEMO.ada.clientId,
      clientSecret: DEMO.ada.secret,
      caPem: fs.readFileSync(proxy.caFile, 'utf8'),
    },
    { via: 'test' },
  );
  if (!added.ok) throw new Error(added.error.message);
  const profileId = (added.value as { id: string }).id;
  const switched = await app.core.dispatch('profiles.switch', { profileId }, { via: 'test' });
  if (!switched.ok) throw new Error(switched.error.message);
  await app.page
    .getByTestId('connection')
    .filter({ hasText: 'Online' })
    .waitFor({ timeout: 60_000 });
  const api = await login(app.server().baseUrl, app.server().ca);
  return { app, proxy, api };
}

type ThroughProxy = Awaited<ReturnType<typeof startAppThroughProxy>>;

/**
 * One app through the proxy for a test file: started before its tests, the proxy's faults
 * cleared after each, and after a failed test the last requests printed, a screenshot taken and
 * `afterFail` run (e.g. leaving a dialog, so the next test starts from the app).
 */
export function appThroughProxyForFile(
  name: string,
  started: (parts: ThroughProxy) => void,
  afterFail?: (app: RunningApp) => Promise<void>,
): void {
  let parts: ThroughProxy | undefined;
  beforeAll(async () => {
    parts = await startAppThroughProxy();
    started(parts);
  }, 180_000);
  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail';
    if (failed && parts)
      console.log('last requests through the proxy:', JSON.stringify(parts.proxy.seen.slice(-25)));
    parts?.proxy.clear();
    if (failed && parts) {
      await screenshot(parts.app.page, `failed-${name}-${ctx.task.id}`, true).catch(() => {});
      await afterFail?.(parts.app);
    }
  });
  afterAll(async () => {
    await parts?.api.close();
    await parts?.proxy.stop();
    await parts?.app.close();
  });
}

/**
 * From now on the proxy answers every PUT of the quote whose body matches `body` with the
 * partner API's refusal of a status change, in `message`'s words (the real server takes them).
 */
export function refuseStatusChange(
  proxy: FaultProxy,
  serverId: string,
  body: RegExp,
  message: string,
): void {
  proxy.clear();
  proxy.inject({
    method: 'PUT',
    path: new RegExp(`^/v2/quotes/${serverId}$`),
    body,
    times: 100,
    fault: {
      kind: 'status',
      status: 400,
      body: JSON.stringify({ status: 400, type: 'QUOTE_INVALID_STATUS', message, details: [] }),
    },
  });
}
