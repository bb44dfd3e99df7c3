// The data folder made read-only while the app runs (a sync tool, an admin's script, a disk
// remounted), as a salesperson's own account meets it: the app runs as an ordinary user (root
// ignores a folder's permissions) and the folder's write permission is taken away for real.
// Every call is answered, what cannot be written is refused in words, what was acknowledged
// stays, and once the folder can be written again the work goes on without a restart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../services/harness';
import { faultApps, until } from './app';
import { expectAnswering, expectNoRawText, firstQuote, tempDir, wordsShown } from './fixtures';

const isRoot = process.getuid?.() === 0;
if (!isRoot)
  console.log(
    '[faults] the read-only folder case needs root to run the app as another user: not run here',
  );
const NOBODY = { uid: 65534, gid: 65534 };

const launch = faultApps();

describe.runIf(isRoot)('the data folder made read-only while the app runs', () => {
  it('answers in words, keeps what it acknowledged, and carries on once the folder can be written', async () => {
    const dataDir = tempDir('read-only');
    fs.chownSync(dataDir, NOBODY.uid, NOBODY.gid);
    const start = async () => {
      const app = await launch({ dataDir, noKeychain: true, user: NOBODY });
      return app;
    };
    const app = await start();
    const quoteId = await firstQuote(app);
    const acked: string[] = [];
    const edit = async (text: string) => {
      const r = await app.call('quotes.updateHeader', { quoteId, introMessage: text });
      expectNoRawText('quotes.updateHeader', r);
      if (r.ok) acked.push(text);
      return r;
    };
    await edit('before');

    execFileSync('chmod', ['-R', 'a-w', dataDir]);
    const file = { name: 'Floor plan.pdf', base64: pdfBytes('read-only').toString('base64') };
    const attach = await app.call('attachments.addFromBytes', { quoteId, files: [file] });
    expectNoRawText('attachments.addFromBytes', attach);
    expect(attach.ok).toBe(false);
    if (!attach.ok) expect(attach.error.message).toMatch(/cannot write to its folder/);
    for (let i = 1; i <= 5; i++) await edit(`edit ${i} with the folder read-only`);
    await app.call('sync.runNow');
    await expectAnswering(app);
    expect(wordsShown(app).some((w) => /cannot write to its folder/.test(w))).toBe(true);

    execFileSync('chmod', ['-R', 'u+w', dataDir]);
    await until(
      async () => (await app.call('attachments.addFromBytes', { quoteId, files: [file] })).ok,
      'the attachment to be kept once the folder can be written',
    );
    expect((await edit('after')).ok).toBe(true);
    await until(async () => !(await app.value('store.health')).readOnly, 'the notice to clear');
    await expectAnswering(app);

    await app.stop();
    const again = await start();
    const quote = await again.value('quotes.get', { quoteId });
    expect(quote.header.introMessage).toBe(acked.at(-1));
    expect(quote.attachments.map((a) => a.name)).toContain('Floor plan.pdf');
  });
});
