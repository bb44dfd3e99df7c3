// The packaging check (scripts/pack-check.ts) as a test: electron-builder.yml is valid for
// the three platforms, and a `--dir` pack with a stand-in Electron holds main, preload,
// renderer, the embedded server and the native modules unpacked from the asar, and its
// binary has the fuses the config asks for (flipped by the packaging step, read back).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfig, packCheck, readConfig } from '../../scripts/pack-check';
import { checkUpdateInfo, writeUpdateInfo } from '../../scripts/update-info';

describe('packaging', () => {
  it('targets AppImage, deb, NSIS and dmg, with native modules unpacked and no in-place rebuild', () => {
    expect(checkConfig(readConfig())).toEqual([]);
    const broken = { ...readConfig(), asarUnpack: [], npmRebuild: true };
    expect(checkConfig(broken)).toHaveLength(2);
    const runAsNode = {
      ...readConfig(),
      electronFuses: { ...(readConfig().electronFuses as object), runAsNode: true },
    };
    expect(checkConfig(runAsNode)).toEqual(['electronFuses.runAsNode must be false']);
    expect(checkConfig({ ...readConfig(), publish: undefined })).toEqual([
      'publish must name a generic https:// update feed',
    ]);
  });

  it('update metadata: names the file with its size and sha512; a changed file is caught', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-update-info-'));
    try {
      fs.writeFileSync(path.join(dir, 'Quotedesk-1.2.3.AppImage'), 'the app');
      writeUpdateInfo(dir, '1.2.3', 'Quotedesk-1.2.3.AppImage');
      expect(checkUpdateInfo(dir, '1.2.3')).toEqual([]);
      expect(checkUpdateInfo(dir, '1.2.4')).toEqual([
        'latest-linux.yml: version 1.2.3 is not 1.2.4',
      ]);
      fs.writeFileSync(path.join(dir, 'Quotedesk-1.2.3.AppImage'), 'the app, changed');
      expect(checkUpdateInfo(dir, '1.2.3')).toEqual([
        'latest-linux.yml: Quotedesk-1.2.3.AppImage size differs',
        'latest-linux.yml: Quotedesk-1.2.3.AppImage sha512 differs',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('packs the app with everything it needs and nothing it bundles', async () => {
    const report = await packCheck({ log: () => {} });
    if (report.nativeAbi === 'node') {
      console.log(
        'note: Electron headers are not reachable here, so the native modules in this pack keep the Node ABI; the layout is what is checked',
      );
    }
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.asarFiles).toBeGreaterThan(20);
    // The feed the packed app asks (resources/app-update.yml, from `publish`), and the
    // metadata written and checked beside the pack.
    expect(report.updateUrl).toBe('https://updates.quotedesk.example/quotedesk');
    expect(report.fuses).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      OnlyLoadAppFromAsar: true,
      EnableEmbeddedAsarIntegrityValidation: true,
    });
  }, 300_000);
});
