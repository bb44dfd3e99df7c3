// The first start on a computer without a system keychain: the choice (a passphrase, or the
// quotes kept unencrypted) is said once, on the page that offers it — a normal choice, not a
// failure: not again in the footer's sync status, not as a red error notice.
// Real core and vault (no keychain reachable: the choice is asked), real Chromium.
import { describe, expect, it } from 'vitest';
import { appForFile, type RunningApp } from './app';
import { screenshot } from './browser';

let app: RunningApp;
/** No keychain reachable, even where the test run has one (the full suite runs in a keyring). */
const noKeychain = {
  load: async () => {
    throw new Error('no keychain on this computer, for this test');
  },
};
appForFile(
  'first-start-no-keychain',
  { withoutKeychain: 'ask', keychain: noKeychain },
  (a) => (app = a),
);

describe('first start without a keychain', () => {
  it('says the no-keychain choice once, where it is made', async () => {
    const { page } = app;
    const choice = page.getByRole('heading', { level: 1 });
    await choice.waitFor();
    // No connection yet, so no profile's name: said plainly, not "this computer's quotes".
    expect(await choice.innerText()).toBe('Protect the quotes on this computer');
    await page
      .getByText('This computer has no system keychain to keep the key of its quotes.', {
        exact: false,
      })
      .waitFor();
    // Everything the first screen asks for has answered (the sync status shown is the core's).
    await page.getByTestId('pending-count').waitFor();
    await page.waitForLoadState('networkidle');
    const said = page.getByText(/has no system keychain to keep the key/);
    await expect.poll(() => said.count()).toBe(1);
    // Where the choice is made: beside the passphrase and "Keep unencrypted".
    const page_ = page.getByRole('region', { name: /^Protect / });
    await expect.poll(() => page_.getByText(/has no system keychain/).count()).toBe(1);
    await page_.getByRole('button', { name: 'Keep unencrypted' }).waitFor();
    // The footer says what sync waits for, not the choice again; no error notice.
    const footer = page.getByRole('contentinfo', { name: 'Sync status' });
    expect(await footer.innerText()).toContain(
      'Sync starts once the quotes on this computer are open.',
    );
    expect(await page.locator('.toast').count()).toBe(0);
    await screenshot(page, 'first-start-no-keychain');
  }, 120_000);
});
