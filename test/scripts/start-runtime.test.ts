// `npm start` decides once whether the Electron runtime is installed, from what the install
// left, and never downloads it itself: a missing runtime is one calm line, then browser mode —
// no "Downloading Electron binary…", no stack trace of a failed download at every start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronRuntime } from '../../scripts/build';
import { REPO_ROOT } from '../helpers/server';

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** An electron package as the install leaves it, whose installer leaves a mark if it is run. */
function electronPackage(runtime: boolean): { dir: string; ranInstaller: () => boolean } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-electron-'));
  dirs.push(dir);
  const mark = path.join(dir, 'installer-ran');
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"electron","version":"45.5.0"}');
  fs.writeFileSync(
    path.join(dir, 'install.js'),
    `require('fs').writeFileSync(${JSON.stringify(mark)}, '')`,
  );
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    `require('child_process').spawnSync(process.execPath, [${JSON.stringify(path.join(dir, 'install.js'))}]); module.exports = 'x';`,
  );
  if (runtime) {
    fs.writeFileSync(path.join(dir, 'path.txt'), 'electron');
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.writeFileSync(path.join(dir, 'dist/electron'), '');
  }
  return { dir, ranInstaller: () => fs.existsSync(mark) };
}

describe('the Electron runtime at start', () => {
  it('is found where the install put it, and missing is said without running the installer', () => {
    const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    try {
      const installed = electronPackage(true);
      expect(electronRuntime(installed.dir)).toEqual({
        path: path.join(installed.dir, 'dist/electron'),
      });
      const missing = electronPackage(false);
      const answer = electronRuntime(missing.dir);
      expect(answer).toEqual({ missing: expect.stringMatching(/^not installed/) });
      expect(missing.ranInstaller()).toBe(false);
      expect(electronRuntime(null)).toEqual({ missing: 'the electron package is not installed' });
    } finally {
      if (saved !== undefined) process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
    }
  });

  it('`npm start` without the runtime: one calm line, browser mode, no download and no stack trace', async () => {
    const env = { ...process.env };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    delete env.QUOTEDESK_MODE;
    if ('path' in electronRuntime()) {
      console.log(
        'npm start without the runtime not tested: the Electron runtime is installed here',
      );
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotedesk-start-'));
    dirs.push(dataDir);
    const npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: { ...env, QUOTEDESK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(npm.pid!);
    let output = '';
    npm.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
    npm.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
    await expect
      .poll(() => output, { timeout: 150_000, interval: 250 })
      .toContain('Press Ctrl+C to stop');
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;
    expect(output).not.toMatch(/Downloading/i);
    expect(output).not.toMatch(/fetch failed|TypeError|Error:/);
    // No line of a stack trace.
    expect(output.split('\n').filter((l) => /^\s+at\s/.test(l))).toEqual([]);
    const said = output.split('\n').filter((l) => /Electron runtime/.test(l));
    expect(said).toEqual([
      expect.stringMatching(
        /^\[quotedesk\] No Electron runtime \(not installed .*\): starting in browser mode\.$/,
      ),
    ]);
  }, 240_000);
});
