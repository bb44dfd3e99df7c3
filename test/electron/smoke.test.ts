// The desktop app end to end with Playwright's Electron driver: the window opens on the
// app's own scheme and the quote list shows the demo quotes. Runs where the Electron
// runtime is installed; elsewhere it says why it is skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildElectron,
  buildRenderer,
  buildServer,
  electronRuntime,
  ROOT,
} from '../../scripts/build';
import { buildNative } from '../../scripts/build-native';

const runtime = electronRuntime();
const reason = 'path' in runtime ? null : `no Electron runtime here (${runtime.missing})`;
if (reason) console.log(`skipped: the Electron smoke test needs the Electron runtime: ${reason}`);

describe.skipIf(reason !== null)('desktop app (Electron)', () => {
  let app: ElectronApplication | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-electron-'));
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the window on the app scheme and lists the demo quotes', async () => {
    await buildRenderer();
    await buildElectron();
    await buildServer();
    await buildNative({ dev: true });
    app = await electron.launch({
      executablePath: (runtime as { path: string }).path,
      args: [ROOT],
      env: { ...process.env, QUOTEDESK_DATA_DIR: dataDir } as Record<string, string>,
    });
    const page = await app.firstWindow();
    expect(page.url()).toMatch(/^quotedesk:\/\/app\//);
    const isolated = await page.evaluate(
      () => typeof (globalThis as { require?: unknown }).require === 'undefined',
    );
    expect(isolated).toBe(true);
    await expect
      .poll(() => page.getByText(/Q-\d{4}-\d{6}/).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
  }, 180_000);
});
