// Run as a child process by no-keychain.test.ts with DBUS_SESSION_BUS_ADDRESS pointing
// nowhere, so the real keychain binding finds no Secret Service. Prints one JSON line.
import { openVault } from '../../main/vault';

const [dataDir, baseUrl, caFile, mode] = process.argv.slice(2) as [string, string, string, string];
const logs: string[] = [];
const vault = await openVault({ dataDir, log: (m) => logs.push(m) });
const out: Record<string, unknown> = { status: await vault.status() };
const id = 'no-keychain';
if (mode === 'first') {
  await vault.saveProfile(
    { id, displayName: 'Demo', baseUrl, clientId: 'northwind-ada', caFile },
    process.env.QD_TEST_SECRET,
  );
  out.secretKept = (await vault.getSecret(id)) === process.env.QD_TEST_SECRET;
  out.test = await vault.testConnection(id);
  const client = await vault.createClient(id);
  out.quotes = (await client.listQuotes({ limit: 1 })).page.size;
  await client.close();
} else {
  out.profile = await vault.getProfile(id);
  out.hasSecret = await vault.hasSecret(id);
  out.test = await vault.testConnection(id);
}
out.logs = logs;
process.stdout.write(JSON.stringify(out) + '\n');
