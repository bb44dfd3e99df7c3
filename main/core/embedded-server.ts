import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from './log';

/** How to run the Quoting API (`server/cli.ts` in a checkout, a bundle in a packaged app). */
export interface ServerCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface EmbeddedServerOptions {
  run: ServerCommand;
  dataDir: string;
  seedFile: string;
  /** Port to try first (the one of the last run, so the profile's address stays stable). */
  preferredPort?: number;
  log: Logger;
  readyTimeoutMs?: number;
}

export interface EmbeddedServer {
  baseUrl: string;
  caFile: string;
  port: number;
  stop(): Promise<void>;
}

const Ready = z.object({ event: z.literal('listening'), baseUrl: z.string(), caFile: z.string() });

/**
 * Starts the bundled Quoting API as a child process in the app's data directory and waits
 * for its one JSON ready line. Falls back to any free port when the remembered one is taken.
 */
export async function startEmbeddedServer(opts: EmbeddedServerOptions): Promise<EmbeddedServer> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
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

function spawnOnce(opts: EmbeddedServerOptions, port: number): Promise<EmbeddedServer> {
  const args = [
    ...opts.run.args,
    '--port',
    String(port),
    '--data-dir',
    opts.dataDir,
    '--seed',
    opts.seedFile,
  ];
  const child = spawn(opts.run.command, args, {
    cwd: opts.run.cwd,
    env: { ...process.env, ...opts.run.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const logFile = fs.createWriteStream(path.join(opts.dataDir, 'server.log'), { flags: 'a' });
  child.stderr!.pipe(logFile);
  let stdout = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `the embedded server did not start within ${(opts.readyTimeoutMs ?? 60_000) / 1000} s`,
        ),
      );
    }, opts.readyTimeoutMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the embedded server exited with code ${code}; see ${path.join(opts.dataDir, 'server.log')}`,
        ),
      );
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const nl = stdout.indexOf('\n');
      if (nl < 0) return;
      const line = stdout.slice(0, nl);
      let ready: z.infer<typeof Ready>;
      try {
        ready = Ready.parse(JSON.parse(line));
      } catch {
        return;
      }
      clearTimeout(timer);
      const actualPort = Number(new URL(ready.baseUrl).port);
      opts.log.info('embedded_server.listening', { baseUrl: ready.baseUrl });
      resolve({
        baseUrl: ready.baseUrl,
        caFile: ready.caFile,
        port: actualPort,
        stop: () => stopChild(child, exited),
      });
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
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
    clientSecret: cred.clientSecret,
    partner,
    user,
    currency: seed.currency,
  };
}
