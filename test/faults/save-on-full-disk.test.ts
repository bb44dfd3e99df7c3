// A file the user saves (a proposal, a zip, a kit, a drafts file) on a disk that is full for real
// (a tmpfs filled to its last byte): refused in words naming the file, and nothing half-written
// left where the user expects the whole one — neither the file nor a part file beside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../main/services/errors';
import { saveWhole } from '../../main/services/save-file';
import { tempDir } from './fixtures';

const isRoot = process.getuid?.() === 0;
if (!isRoot)
  console.log('[faults] saving on a full disk needs root to mount a tmpfs: not run here');

const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', ['-l', m]);
});

describe.runIf(isRoot)('saving a file on a full disk', () => {
  it('says so naming the file, and leaves nothing where it was to go', () => {
    const dir = tempDir('save-full');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
    mounts.push(dir);
    fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(700 * 1024));
    const target = path.join(dir, 'Northwind proposal.pdf');
    let thrown: unknown;
    try {
      saveWhole(target, Buffer.alloc(600 * 1024, 1));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    const e = thrown as ServiceError;
    expect(e.code).toBe('DISK_FULL');
    expect(e.message).toContain('“Northwind proposal.pdf” was not saved');
    expect(fs.readdirSync(dir).sort()).toEqual(['filler']);
    // Room again: the same save goes through whole.
    fs.rmSync(path.join(dir, 'filler'));
    saveWhole(target, Buffer.alloc(600 * 1024, 1));
    expect(fs.statSync(target).size).toBe(600 * 1024);
  });

  it('a folder that cannot be written: said in words, nothing left', () => {
    const dir = tempDir('save-readonly');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', dir]);
    mounts.push(dir);
    expect(() => saveWhole(path.join(dir, 'kit.json'), '{}')).toThrow(
      /“kit.json” was not saved: that folder cannot be written/,
    );
  });
});
