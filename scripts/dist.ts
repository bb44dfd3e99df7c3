// npm run dist: the Linux installers and their update metadata in dist/.
//  - Where Electron's runtime is installed (node_modules/electron/dist), electron-builder builds
//    the AppImage and the deb and writes latest-linux.yml; it is then checked.
//  - Elsewhere (it cannot be downloaded), the app is packed `--dir` with a stand-in Electron
//    (scripts/pack-check.ts), and latest-linux.yml is written over an archive of it and checked:
//    the layout, the fuses and the metadata are what can be verified there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build';
import { packCheck } from './pack-check';
import { checkUpdateInfo } from './update-info';

const version = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const dist = path.join(ROOT, 'dist');
const runtime = path.join(ROOT, 'node_modules', 'electron', 'dist');

async function main(): Promise<number> {
  if (fs.existsSync(runtime)) {
    const builder = path.join(ROOT, 'node_modules', '.bin', 'electron-builder');
    spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' });
    const r = spawnSync(builder, ['--linux', 'AppImage', 'deb', '--publish', 'never'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
    });
    if (r.status !== 0) return 1;
    const problems = checkUpdateInfo(dist, version);
    for (const p of problems) console.error(`[dist] PROBLEM: ${p}`);
    console.log(
      `[dist] ${problems.length ? 'FAILED' : 'OK'}: installers and latest-linux.yml in ${dist}`,
    );
    return problems.length ? 1 : 0;
  }
  console.log('[dist] no Electron runtime here: packing --dir with a stand-in, metadata checked');
  const report = await packCheck({ keep: true });
  for (const p of report.problems) console.error(`[dist] PROBLEM: ${p}`);
  if (report.metadataDir) {
    fs.rmSync(dist, { recursive: true, force: true });
    fs.cpSync(report.metadataDir, dist, { recursive: true, verbatimSymlinks: true });
    // The staging project packCheck kept for us.
    fs.rmSync(path.dirname(report.metadataDir), { recursive: true, force: true });
  }
  console.log(
    `[dist] ${report.ok ? 'OK' : 'FAILED'} (stand-in Electron: not an installer): the packed app, an archive of it and latest-linux.yml in ${dist}; feed ${report.updateUrl}`,
  );
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[dist] ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
