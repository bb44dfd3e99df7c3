// The packaging check (scripts/pack-check.ts) as a test: electron-builder.yml is valid for
// the three platforms, and a `--dir` pack with a stand-in Electron holds main, preload,
// renderer, the embedded server and the native modules unpacked from the asar, and its
// binary has the fuses the config asks for (flipped by the packaging step, read back).
import { describe, expect, it } from 'vitest';
import { checkConfig, packCheck, readConfig } from '../../scripts/pack-check';

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
    expect(report.fuses).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      OnlyLoadAppFromAsar: true,
      EnableEmbeddedAsarIntegrityValidation: true,
    });
  }, 300_000);
});
