// Take ownership of a colleague's quote: a local edit (offline too) that the next round sends
// as POST /take-ownership, against the real server.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../main/api';
import { ADA, CLIENTS, device } from './harness';
import { officeForFile } from './office';

let ada: ApiClient;
let ben: ApiClient;

officeForFile((office) => ({ ada, ben } = office));

describe('take ownership', () => {
  it('taken offline, shown at once, and on the server after the next sync', async () => {
    const q = await ben.createQuote({ clientId: CLIENTS.acme.id });
    const benId = q.ownedBy!.id;
    const d = device(ada);
    await d.engine.syncOnce();
    const local = d.store.sync.localIdOf('quote', q.id)!;
    expect(d.store.getQuote(local)!.work.ownedBy!.id).toBe(benId);

    // No network needed: the edit is local and the quote is dirty until it syncs.
    d.store.takeOwnership(local);
    const rec = d.store.getQuote(local)!;
    expect(rec.work.ownedBy!.id).toBe(ADA.user.id);
    expect(rec.dirty).toBe(true);
    expect((await ben.getQuote(q.id)).ownedBy!.id).toBe(benId);

    await d.engine.syncOnce();
    expect((await ben.getQuote(q.id)).ownedBy!.id).toBe(ADA.user.id);
    const after = d.store.getQuote(local)!;
    expect(after.dirty).toBe(false);
    expect(after.work.ownedBy!.id).toBe(ADA.user.id);
    // The list's "mine" now includes it (owned, not created).
    expect(d.store.listQuotes({ account: 'user' }).content.map((e) => e.id)).toContain(local);
  });

  it('taken before the app knows who the user is: owned by "me" here, and the answer names the user', async () => {
    const q = await ben.createQuote({ clientId: CLIENTS.cedar.id });
    const d = device(ada);
    d.store.setIdentity(null); // a connection that never created or took a quote
    await d.engine.syncOnce();
    const local = d.store.sync.localIdOf('quote', q.id)!;
    d.store.takeOwnership(local);
    expect(d.store.getQuote(local)!.work.ownedBy).toMatchObject({ id: '@me', fullName: 'You' });
    expect(() => d.store.takeOwnership(local)).toThrow(/You already own this quote/);
    await d.engine.syncOnce();
    expect((await ben.getQuote(q.id)).ownedBy!.id).toBe(ADA.user.id);
    expect(d.store.getQuote(local)!.work.ownedBy!.id).toBe(ADA.user.id);
    expect(d.store.identity()!.user).toMatchObject({ id: ADA.user.id, email: ADA.user.email });
  });

  it('taking a quote one already owns is refused plainly, with the spec code', () => {
    const d = device(ada);
    const w = d.store.createQuote({ client: CLIENTS.cedar });
    expect(() => d.store.takeOwnership(w.id)).toThrow(/You already own this quote/);
    try {
      d.store.takeOwnership(w.id);
    } catch (e) {
      expect((e as { details: { type: string }[] }).details[0]!.type).toBe('QUOTE_ALREADY_OWNED');
    }
  });

  it('a colleague who took it back meanwhile loses it again to the later take; nothing else changes', async () => {
    const q = await ben.createQuote({ clientId: CLIENTS.blueFjord.id });
    const d = device(ada);
    await d.engine.syncOnce();
    const local = d.store.sync.localIdOf('quote', q.id)!;
    d.store.takeOwnership(local);
    d.store.updateHeader(local, { introMessage: 'Hello from Ada' });
    await d.engine.syncOnce();
    const server1 = await ben.getQuote(q.id);
    expect(server1.ownedBy!.id).toBe(ADA.user.id);
    expect(server1.introMessage).toBe('Hello from Ada');

    // Ben takes it back on the server; Ada's copy follows at the next pull.
    await ben.takeOwnership(q.id);
    await d.engine.syncOnce();
    expect(d.store.getQuote(local)!.work.ownedBy!.id).not.toBe(ADA.user.id);
  });
});
