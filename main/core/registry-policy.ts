// The policy as Windows admins set it through Group Policy or Intune: the same keys as the
// JSON file, as values under HKLM\Software\Policies\Quotedesk, read with `reg query` (no native
// module). Subkeys hold the nested parts: `updates`, and `connections\1`, `connections\2` … one
// per connection, in numeric order. Registry values have no booleans: the DWORDs of the boolean
// keys (0 / 1) are turned into them here, everything else keeps its type.

export const REGISTRY_KEY = 'HKLM\\Software\\Policies\\Quotedesk';

const BOOLEAN_KEYS = new Set(['demoConnection', 'updates.enabled']);

type Values = Record<string, unknown>;

/** `reg query <key> /s` output → the policy object it describes (unvalidated), or null if empty. */
export function parseRegQuery(output: string): Values | null {
  const keys = new Map<string, Values>();
  let current: Values | null = null;
  for (const line of output.split(/\r?\n/)) {
    if (/^HKEY_/i.test(line)) {
      const at = line.toLowerCase().indexOf('\\policies\\quotedesk');
      const rel = at < 0 ? '' : line.slice(at + '\\policies\\quotedesk'.length).replace(/^\\/, '');
      current = {};
      keys.set(rel.trim(), current);
      continue;
    }
    const m = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (!m || !current) continue;
    const [, name, type, data = ''] = m;
    current[name!] = type === 'REG_DWORD' || type === 'REG_QWORD' ? Number(data) : data;
  }
  if (keys.size === 0) return null;
  const policy: Values = { ...(keys.get('') ?? {}) };
  const connections: Array<[number, Values]> = [];
  for (const [rel, values] of keys) {
    const parts = rel.split('\\');
    if (parts[0]?.toLowerCase() === 'updates' && parts.length === 1) policy.updates = values;
    else if (parts[0]?.toLowerCase() === 'connections' && parts.length === 2) {
      connections.push([Number(parts[1]), values]);
    }
  }
  if (connections.length) {
    policy.connections = connections.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
  for (const key of BOOLEAN_KEYS) {
    const [a, b] = key.split('.') as [string, string | undefined];
    const holder = b ? (policy[a] as Values | undefined) : policy;
    const name = b ?? a;
    if (holder && typeof holder[name] === 'number') {
      const n = holder[name];
      if (n === 0 || n === 1) holder[name] = n === 1;
    }
  }
  return policy;
}
