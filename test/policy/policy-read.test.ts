// Reading the organisation's policy: where it is looked for on each platform, a valid file,
// and every way a file can be wrong (it is ignored as a whole, and the field is named).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { policyFileLocation, readPolicy, readPolicyFile } from '../../main/core/policy';
import { parseRegQuery } from '../../main/core/registry-policy';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qd-policy-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, body: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  return file;
};

export const EXAMPLE = {
  connections: [
    {
      name: 'Northwind production',
      baseUrl: 'https://quotes.northwind.example/',
      audience: 'https://quotes.northwind.example',
      clientId: 'northwind-sales',
      caFile: '/etc/quotedesk/northwind-ca.pem',
    },
  ],
  demoConnection: false,
  updates: {
    enabled: true,
    feedUrl: 'https://updates.northwind.example/quotedesk',
    channel: 'latest',
  },
  offlinePreviewBudgetMiB: 256,
  dataProtection: 'keychain',
};

describe('the README example', () => {
  it('is a valid policy', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
    const part = readme.slice(readme.indexOf('### Managed configuration'));
    const json = /```json\n([\s\S]*?)```/.exec(part)?.[1];
    const r = readPolicyFile(write('readme.json', json ?? ''));
    expect(r.problems).toEqual([]);
    expect(r.status).toBe('applied');
  });
});

describe('where the policy is', () => {
  it('is the system location of each platform, or QUOTEDESK_POLICY_FILE', () => {
    expect(policyFileLocation({}, 'linux')).toBe('/etc/quotedesk/policy.json');
    expect(policyFileLocation({}, 'darwin')).toBe(
      '/Library/Application Support/Quotedesk/policy.json',
    );
    expect(policyFileLocation({ ProgramData: 'D:\\PD' }, 'win32')).toBe(
      'D:\\PD\\Quotedesk\\policy.json',
    );
    expect(policyFileLocation({ QUOTEDESK_POLICY_FILE: '/tmp/p.json' }, 'linux')).toBe(
      '/tmp/p.json',
    );
  });
});

describe('a policy file', () => {
  it('valid: applied, with the address made canonical', () => {
    const r = readPolicyFile(write('ok.json', JSON.stringify(EXAMPLE)));
    expect(r.status).toBe('applied');
    expect(r.problems).toEqual([]);
    expect(r.policy.connections?.[0]?.baseUrl).toBe('https://quotes.northwind.example');
    expect(r.policy.offlinePreviewBudgetMiB).toBe(256);
    expect(r.policy.demoConnection).toBe(false);
  });

  it('missing: no policy, nothing to say', () => {
    expect(readPolicyFile(path.join(dir, 'absent.json'))).toMatchObject({
      status: 'none',
      problems: [],
    });
  });

  it('an http address: ignored, naming connections.0.baseUrl', () => {
    const bad = structuredClone(EXAMPLE);
    bad.connections[0]!.baseUrl = 'http://quotes.northwind.example';
    const r = readPolicyFile(write('http.json', JSON.stringify(bad)));
    expect(r.status).toBe('ignored');
    expect(r.policy).toEqual({});
    expect(r.problems).toEqual([
      { field: 'connections.0.baseUrl', message: 'must be an https:// address' },
    ]);
  });

  it('a misspelt key: ignored, naming the key', () => {
    const r = readPolicyFile(write('typo.json', JSON.stringify({ demoConection: false })));
    expect(r.status).toBe('ignored');
    expect(r.problems).toEqual([{ field: 'demoConection', message: 'is not a policy key' }]);
  });

  it('a wrong type and a missing key: each named', () => {
    const r = readPolicyFile(
      write(
        'types.json',
        JSON.stringify({
          offlinePreviewBudgetMiB: '512',
          connections: [{ name: 'A', baseUrl: 'https://a.example', clientId: 'x' }],
        }),
      ),
    );
    expect(r.status).toBe('ignored');
    expect(r.problems.map((p) => p.field).sort()).toEqual([
      'connections.0.audience',
      'offlinePreviewBudgetMiB',
    ]);
  });

  it('not JSON at all: ignored, the file named', () => {
    const r = readPolicyFile(write('broken.json', '{ "demoConnection": false,'));
    expect(r.status).toBe('ignored');
    expect(r.problems[0]).toMatchObject({ field: '(file)' });
    expect(r.problems[0]!.message).toMatch(/not valid JSON/);
  });
});

describe('the Windows registry', () => {
  const output = [
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk',
    '    demoConnection    REG_DWORD    0x0',
    '    offlinePreviewBudgetMiB    REG_DWORD    0x200',
    '    dataProtection    REG_SZ    keychain',
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk\\connections',
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk\\connections\\2',
    '    name    REG_SZ    Contoso test',
    '    baseUrl    REG_SZ    https://test.contoso.example',
    '    audience    REG_SZ    https://test.contoso.example',
    '    clientId    REG_SZ    contoso-test',
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk\\connections\\1',
    '    name    REG_SZ    Contoso production',
    '    baseUrl    REG_SZ    https://quotes.contoso.example',
    '    audience    REG_SZ    https://quotes.contoso.example',
    '    clientId    REG_SZ    contoso-sales',
    '    caFile    REG_SZ    C:\\ProgramData\\Quotedesk\\contoso ca.pem',
    '',
    'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk\\updates',
    '    enabled    REG_DWORD    0x1',
    '    channel    REG_SZ    beta',
    '',
  ].join('\r\n');

  it('reg query output becomes the same keys as the file, connections in order', () => {
    expect(parseRegQuery(output)).toEqual({
      demoConnection: false,
      offlinePreviewBudgetMiB: 512,
      dataProtection: 'keychain',
      updates: { enabled: true, channel: 'beta' },
      connections: [
        {
          name: 'Contoso production',
          baseUrl: 'https://quotes.contoso.example',
          audience: 'https://quotes.contoso.example',
          clientId: 'contoso-sales',
          caFile: 'C:\\ProgramData\\Quotedesk\\contoso ca.pem',
        },
        {
          name: 'Contoso test',
          baseUrl: 'https://test.contoso.example',
          audience: 'https://test.contoso.example',
          clientId: 'contoso-test',
        },
      ],
    });
  });

  it('on Windows the registry wins over the file; without the key the file is read', () => {
    const fromRegistry = readPolicy({
      platform: 'win32',
      env: { ProgramData: dir },
      registry: () => output,
    });
    expect(fromRegistry.status).toBe('applied');
    expect(fromRegistry.source).toBe('HKLM\\Software\\Policies\\Quotedesk');
    expect(fromRegistry.policy.connections).toHaveLength(2);
    // Without the key, the file under %ProgramData% (a Windows path, absent here) is read.
    const fromFile = readPolicy({
      platform: 'win32',
      env: { ProgramData: 'C:\\ProgramData' },
      registry: () => null,
    });
    expect(fromFile.status).toBe('none');
  });

  it('a bad registry value is named like a bad file field', () => {
    const r = readPolicy({
      platform: 'win32',
      env: {},
      registry: () =>
        'HKEY_LOCAL_MACHINE\\Software\\Policies\\Quotedesk\r\n    demoConnection    REG_DWORD    0x2\r\n',
    });
    expect(r.status).toBe('ignored');
    expect(r.problems[0]?.field).toBe('demoConnection');
  });
});
