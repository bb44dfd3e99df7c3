// The app's log on a disk that fills up for real (a tmpfs filled to its last byte): lines are
// not written and nothing is thrown at the app; it says once that it stopped, and once there is
// room it writes again and says how many lines it missed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../main/core/log';
import { tempDir } from './fixtures';

const isRoot = process.getuid?.() === 0;
if (!isRoot)
  console.log('[faults] the log on a full disk needs root to mount a tmpfs: not run here');

const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', ['-l', m]);
});

describe.runIf(isRoot)('the log on a full disk', () => {
  it('stops without throwing, says so once, and resumes with the count of missed lines', async () => {
    const dir = tempDir('log-full');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
    mounts.push(dir);
    const said: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as never;
    try {
      const log = createFileLogger(path.join(dir, 'logs'));
      log.info('before');
      // Every byte taken: the log's own last page too.
      const filler = path.join(dir, 'filler');
      const fd = fs.openSync(filler, 'a');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(4096));
      } catch {
        // full
      } finally {
        fs.closeSync(fd);
      }
      for (let i = 0; i < 200; i++) expect(() => log.info('while full', { i })).not.toThrow();
      expect(said.filter((s) => s.includes('stopped writing'))).toHaveLength(1);
      fs.rmSync(filler);
      // The next try comes after a pause (5 s): a line a little later goes through.
      await new Promise((r) => setTimeout(r, 5_100));
      log.info('after');
      const text = fs.readFileSync(path.join(dir, 'logs', 'quotedesk.log'), 'utf8');
      expect(text).toMatch(/"event":"log.resumed","dropped":\d+/);
      expect(text).toContain('"event":"after"');
    } finally {
      process.stderr.write = write;
    }
  });
});
