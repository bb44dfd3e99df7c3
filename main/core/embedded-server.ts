import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createAppender } from './append-file';
import type { Logger } from './log';
import { ensurePrivateDir } from './private-files';

/** How to run the Quoting API with a plain command (`server/cli.ts` through tsx in a checkout). */
export interface ServerCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** A running server process, whatever started it (a child process, Electron's utility process). */
export interface ServerProcess {
  pid?: number | undefined;
  stdout: NodeJS.ReadableStream | null;
  stderr: NodeJS.ReadableStream | null;
  kill(signal?: NodeJS.Signals): boolean;
  /** Called once, when the process has ended (`code` null when a signal ended it). */
  onExit(listener: (code: number | null) => void): void;
}

/**
 * Starts the server with these arguments and extra environment (the desktop shell forks a
 * utility process). Secrets go in `env`, never in `args`: a command line is visible to every
 * local user.
 */
export type ServerLauncher = (args: string[], env: Record<string, string>) => ServerProcess;

/** The variable the server reads its client secret from (server/cli.ts). */
export const CLIENT_SECRET_ENV = 'QUOTEDESK_EMBEDDED_CLIENT_SECRET';

export interface EmbeddedServerOptions {
  run: ServerCommand | ServerLauncher;
  dataDir: string;
  seedFile: string;
  /** This installation's secret for the seed's first credential (the published ones are refused). */
  clientSecret: string;
  /** Port to try first (the one of the last run, so the profile's address stays stable). */
  preferredPort?: number;
  log: Logger;
  /**
   * Longest silence while it starts (default 60 s): every line it logs (a large seed reports
   * its progress) restarts the wait, so a slow machine seeding many quotes is waited for.
   */
  readyTimeoutMs?: number;
  /** Called when the server ends without being asked to (crash, killed from outside). */
  onUnexpectedExit?: (code: number | null) => void;
}

export interface EmbeddedServer {
  baseUrl: string;
  caFile: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

const Ready = z.object({ event: z.literal('listening'), baseUrl: z.string(), caFile: z.string() });

/** A plain command as a launcher: a child process with piped output. */
export function commandLauncher(run: ServerCommand): ServerLauncher {
  return (args, env) => {
    const child = spawn(run.command, [...run.args, ...args], {
      cwd: run.cwd,
      env: { ...process.env, ...run.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let exited = false;
    const listeners: ((code: number | null) => void)[] = [];
    const done = (code: number | null) => {
      if (exited) return;
      exited = true;
      for (const l of listeners) l(code);
    };
    child.once('exit', (code) => done(code));
    child.once('error', () => done(null));
    return {
      pid: child.pid,
      stdout: child.stdout,
      stderr: child.stderr,
      kill: (signal) => child.kill(signal),
      onExit: (l) => (exited ? l(child.exitCode) : listeners.push(l)),
    };
  };
}

/**
 * Starts the bundled Quoting API in the app's data directory and waits for its one JSON
 * ready line. A run of ours left over from an app that was killed is ended first (it would
 * hold the port and the database); the remembered port falls back to any free one.
 */
export async function startEmbeddedServer(opts: EmbeddedServerOptions): Promise<EmbeddedServer> {
  ensurePrivateDir(opts.dataDir);
  await endLeftover(opts.dataDir, opts.log);
  if (opts.preferredPort) {
    try {
      return await spawnOnce(opts, opts.preferredPort);
    } catch (error) {
      opts.log.warn('embedded_server.preferred_port_failed', {
        port: opts.preferredPort,
        error: String(error),
      });
    }
  }
  return spawnOnce(opts, 0);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The pid in `server.pid`, if that process is still a server of this data directory. Where
 * the command line cannot be read (no /proc), an unknown process is never touched.
 */
export function leftoverPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const i = cmdline.indexOf('--data-dir');
    return i >= 0 && path.resolve(cmdline[i + 1] ?? '') === path.resolve(dataDir) ? pid : null;
  } catch {
    return null;
  }
}

/** The `error` of the server's `start-failed` log line in `stderr`, if it wrote one. */
export function startFailure(stderr: string): string | null {
  for (const line of stderr.split('\n').reverse()) {
    if (!line.includes('"start-failed"')) continue;
    try {
      const entry = JSON.parse(line) as { event?: unknown; error?: unknown };
      if (entry.event === 'start-failed' && typeof entry.error === 'string') return entry.error;
    } catch {
      // a line cut short: not the one
    }
  }
  return null;
}

async function endLeftover(dataDir: string, log: Logger): Promise<void> {
  const pid = leftoverPid(dataDir);
  if (pid === null) return;
  log.warn('embedded_server.leftover', { pid });
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

function spawnOnce(opts: EmbeddedServerOptions, port: number): Promise<EmbeddedServer> {
  const args = [
    '--port',
    String(port),
    '--data-dir',
    opts.dataDir,
    '--seed',
    opts.seedFile,
    '--parent-pid',
    String(process.pid),
  ];
  const launch = typeof opts.run === 'function' ? opts.run : commandLauncher(opts.run);
  const child = launch(args, { [CLIENT_SECRET_ENV]: opts.clientSecret });
  // Not a write stream: on a full disk its unhandled `error` event ended the app.
  const serverLog = createAppender(path.join(opts.dataDir, 'server.log'), {
    onStop: (code) => opts.log.warn('embedded_server.log_stopped', { code }),
    onResume: (dropped) => opts.log.info('embedded_server.log_resumed', { dropped }),
  });
  child.stderr?.on('data', (chunk: Buffer) => serverLog.write(chunk));
  let stdout = '';
  let stopping = false;
  let ready = false;
  const exited = new Promise<number | null>((resolve) => child.onExit(resolve));
  // Until it is ready, what it logs is kept too: a refused start (a database from a newer
  // version, a port taken) says why in its `start-failed` line, and the user should see that.
  let early = '';
  let alive = () => {};
  child.stderr?.on('data', (chunk: Buffer) => {
    if (ready) return;
    if (early.length < 64 * 1024) early += chunk.toString('utf8');
    alive();
  });
  // The exit can be reported before the last of stderr is read.
  const stderrRead = new Promise<void>((resolve) => {
    if (!child.stderr) return resolve();
    child.stderr.once('end', resolve);
    child.stderr.once('close', resolve);
  });

  return new Promise((resolve, reject) => {
    const limit = opts.readyTimeoutMs ?? 60_000;
    const silent = () => {
      child.kill('SIGKILL');
      reject(new Error(`the embedded server did not start: nothing from it for ${limit / 1000} s`));
    };
    let timer = setTimeout(silent, limit);
    alive = () => {
      clearTimeout(timer);
      timer = setTimeout(silent, limit);
    };
    void exited.then(async (code) => {
      clearTimeout(timer);
      if (ready) {
        if (!stopping) {
          opts.log.warn('embedded_server.exited', { code });
          opts.onUnexpectedExit?.(code);
        }
        return;
      }
      await Promise.race([stderrRead, new Promise((r) => setTimeout(r, 1000))]);
      const why = startFailure(early);
      reject(
        new Error(
          `the embedded server exited with code ${code}${why ? `: ${why}` : ''}; see ${path.join(opts.dataDir, 'server.log')}`,
        ),
      );
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return;
      stdout += chunk.toString('utf8');
      const nl = stdout.indexOf('\n');
      if (nl < 0) return;
      const line = stdout.slice(0, nl);
      let parsed: z.infer<typeof Ready>;
      try {
        parsed = Ready.parse(JSON.parse(line));
      } catch {
        return;
      }
      ready = true;
      clearTimeout(timer);
      const actualPort = Number(new URL(parsed.baseUrl).port);
      opts.log.info('embedded_server.listening', { baseUrl: parsed.baseUrl, pid: child.pid });
      resolve({
        baseUrl: parsed.baseUrl,
        caFile: parsed.caFile,
        port: actualPort,
        pid: child.pid,
        stop: () => {
          stopping = true;
          return stopChild(child, exited);
        },
      });
    });
  });
}

async function stopChild(child: ServerProcess, exited: Promise<number | null>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  await Promise.resolve();
  if (done) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The demo credentials and identity from a seed file (the server's own format). */
export const DemoSeed = z.object({
  currency: z.string().default('USD'),
  partners: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        street: z.string().default(''),
        street2: z.string().optional(),
        city: z.string().default(''),
        postcode: z.string().default(''),
        stateOrProvinceCode: z.string().default(''),
        country: z.string().optional(),
        users: z.array(
          z.object({
            id: z.string(),
            fullName: z.string(),
            displayName: z.string(),
            email: z.string(),
            role: z.string().optional(),
          }),
        ),
        credentials: z
          .array(z.object({ clientId: z.string(), clientSecret: z.string(), userId: z.string() }))
          .min(1),
      }),
    )
    .min(1),
});
export type DemoSeed = z.infer<typeof DemoSeed>;

export function readDemoCredentials(seedFile: string) {
  const seed = DemoSeed.parse(JSON.parse(fs.readFileSync(seedFile, 'utf8')));
  const partner = seed.partners[0]!;
  const cred = partner.credentials[0]!;
  const user = partner.users.find((u) => u.id === cred.userId) ?? partner.users[0];
  return {
    clientId: cred.clientId,
    /** Every secret the seed file publishes: none of them may be this installation's. */
    publishedSecrets: seed.partners.flatMap((p) => p.credentials.map((c) => c.clientSecret)),
    partner,
    user,
    currency: seed.currency,
  };
}
