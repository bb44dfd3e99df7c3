// The embedded Quoting API as an Electron utility process: Electron's own Node, without the
// ELECTRON_RUN_AS_NODE switch (its fuse is off in the packaged app).
import { utilityProcess } from 'electron';
import type { ServerLauncher } from '../core';

export function utilityLauncher(modulePath: string): ServerLauncher {
  return (args, env) => {
    const child = utilityProcess.fork(modulePath, args, {
      stdio: 'pipe',
      env: { ...process.env, ...env },
      serviceName: 'Quotedesk Quoting API',
    });
    let exitCode: number | null | undefined;
    const listeners: ((code: number | null) => void)[] = [];
    child.once('exit', (code) => {
      exitCode = code;
      for (const l of listeners) l(code);
    });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      kill: () => child.kill(),
      onExit: (l) => (exitCode !== undefined ? l(exitCode) : listeners.push(l)),
    };
  };
}
