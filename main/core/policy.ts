// Reads the organisation's policy at start: from the platform's system location (or the
// Windows registry). `QUOTEDESK_POLICY_FILE` replaces that location only where the app is not
// packaged (tests, `npm start`, browser mode): in an installed app a user could otherwise
// point it at a file of their own and escape the organisation's locks. A missing policy is normal; a broken
// or invalid one never stops the app: it is ignored as a whole, and the reading says which
// field is wrong (shown in Settings, written to the log).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parsePolicy, type Policy, type PolicyProblem } from '../../common/policy';
import { parseRegQuery, REGISTRY_KEY } from './registry-policy';

export interface PolicyReading {
  /** `none`: no policy here; `applied`: valid and in force; `ignored`: broken or invalid. */
  status: 'none' | 'applied' | 'ignored';
  /** The file or registry key it came from. */
  source: string | null;
  /** What is in force (empty unless `applied`). */
  policy: Policy;
  problems: PolicyProblem[];
}

export const NO_POLICY: PolicyReading = { status: 'none', source: null, policy: {}, problems: [] };

/** `QUOTEDESK_POLICY_FILE`, when it counts: never in a packaged app. */
function policyOverride(env: NodeJS.ProcessEnv, packaged: boolean): string | null {
  const override = env.QUOTEDESK_POLICY_FILE?.trim();
  return override && !packaged ? path.resolve(override) : null;
}

/** Where the policy file is looked for on this platform (`packaged`: the system one only). */
export function policyFileLocation(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  packaged = false,
): string {
  const override = policyOverride(env, packaged);
  if (override) return override;
  if (platform === 'win32') {
    return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Quotedesk', 'policy.json');
  }
  if (platform === 'darwin') return '/Library/Application Support/Quotedesk/policy.json';
  return '/etc/quotedesk/policy.json';
}

/** Validates raw policy data from `source`. */
export function policyFrom(source: string, raw: unknown): PolicyReading {
  const r = parsePolicy(raw);
  return r.ok
    ? { status: 'applied', source, policy: r.policy, problems: [] }
    : { status: 'ignored', source, policy: {}, problems: r.problems };
}

/** The policy file's reading; `none` when there is no file. */
export function readPolicyFile(file: string): PolicyReading {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...NO_POLICY };
    return {
      status: 'ignored',
      source: file,
      policy: {},
      problems: [{ field: '(file)', message: `cannot be read (${(error as Error).message})` }],
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      status: 'ignored',
      source: file,
      policy: {},
      problems: [{ field: '(file)', message: `is not valid JSON (${(error as Error).message})` }],
    };
  }
  return policyFrom(file, raw);
}

/** `reg query` of the policy key; null when the key is not there (or reg is missing). */
function queryRegistry(): string | null {
  try {
    return execFileSync('reg', ['query', REGISTRY_KEY, '/s'], {
      encoding: 'utf8',
      windowsHide: true,
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

export interface ReadPolicyOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** An installed app: `QUOTEDESK_POLICY_FILE` is not honoured. */
  packaged?: boolean;
  /** The registry query (Windows), replaceable for tests. */
  registry?: () => string | null;
}

/**
 * The policy in force: `QUOTEDESK_POLICY_FILE` when set and not packaged; on Windows the registry key when it
 * holds values (Group Policy), else the file; elsewhere the file.
 */
export function readPolicy(opts: ReadPolicyOptions = {}): PolicyReading {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const packaged = opts.packaged ?? false;
  if (platform === 'win32' && !policyOverride(env, packaged)) {
    const output = (opts.registry ?? queryRegistry)();
    const raw = output === null ? null : parseRegQuery(output);
    if (raw && Object.keys(raw).length > 0) return policyFrom(REGISTRY_KEY, raw);
  }
  return readPolicyFile(policyFileLocation(env, platform, packaged));
}
