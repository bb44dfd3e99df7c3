// The small files beside the store, damaged before a start (a crash of the disk, a sync tool, a
// hand edit): `settings.json`, `connection-profiles.json` and the store's `protection.json`,
// truncated or overwritten with garbage. The app starts, answers, and the salesperson's
// connection and every acknowledged edit are there: the list of connections comes back from
// the copy of the last one written whole, the store's key is found again in the keychain.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultApps } from './app';
import { expectAnswering, firstQuote, localEdits, tempDir } from './fixtures';

const launch = faultApps();

const FILES = ['settings.json', 'connection-profiles.json', 'stores/demo/protection.json'];
const DAMAGE = {
  truncated: (text: string) => text.slice(0, Math.floor(text.length / 2)),
  garbage: () => '\u0000\u00ff garbage \u0007',
};

describe('damaged files beside the store, before a start', () => {
  // Truncated with the key in the keychain, garbage without a keychain (the store unencrypted).
  for (const [how, noKeychain] of [
    ['truncated', false],
    ['garbage', true],
  ] as const) {
    const damage = DAMAGE[how];
    for (const rel of FILES) {
      it(`${rel} ${how} (${noKeychain ? 'no keychain, unencrypted' : 'key in the keychain'})`, async () => {
        const dataDir = tempDir('config');
        const first = await launch({ dataDir, noKeychain });
        const quoteId = await firstQuote(first);
        const acked = await localEdits(first, quoteId, rel);
        const before = await first.value('storeAccess.status');
        await first.stop();

        const file = path.join(dataDir, rel);
        fs.writeFileSync(file, damage(fs.readFileSync(file, 'utf8')));

        const app = await launch({ dataDir, noKeychain });
        await expectAnswering(app);
        const access = await app.value('storeAccess.status');
        expect(access).toMatchObject({
          state: 'open',
          protection: before.state === 'open' ? before.protection : 'none',
        });
        const profiles = await app.value('profiles.list');
        expect(profiles.profiles.map((p) => p.id)).toEqual(['demo']);
        const quote = await app.value('quotes.get', { quoteId });
        expect(quote.header.introMessage).toBe(acked.at(-1));
        await app.stop();
      });
    }
  }
});
