// "Needs attention" over a real store file: the store finds the candidates by SQL, snoozes and
// notices are kept per quote and reason in the file (not sent anywhere), and the notice tells
// of each reminder once.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../main/store';
import { DAY_MS } from '../../main/services/follow-up-rules';
import { followUpList, localPreferences, takeFollowUpNotice } from '../../main/services/follow-ups';
import { acme, ben, blueFjord, clientOf, seededStore } from '../store/fixtures';

const T0 = new Date('2026-03-01T09:00:00.000Z');

function storeAt(now: { t: Date }) {
  return seededStore({ clock: () => now.t });
}

const days = (n: number, from = T0) => new Date(from.getTime() + n * DAY_MS);

describe('follow-ups in the store', () => {
  it('lists a quote expiring in 3 days and one sent 6 days ago; snooze hides one, in the file', () => {
    const now = { t: T0 };
    const store = storeAt(now);
    const expiring = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(expiring.id, { expiresOn: days(9).toISOString() });
    const sent = store.createQuote({ client: clientOf(blueFjord) });
    store.updateHeader(sent.id, { status: 'sent', published: true });
    store.createQuote({ client: clientOf(acme) }); // expires in 30 days: fine
    now.t = days(6);

    const list = followUpList(store, now.t);
    expect(list.items.map((i) => [i.clientName, i.reasons.map((r) => r.text)])).toEqual([
      ['Acme Dental Group', ['Expires in 3 days']],
      [blueFjord.name, ['Sent 6 days ago, no answer yet']],
    ]);
    expect(list.extendByDays).toBe(30);

    store.followUps.snooze(sent.id, ['unanswered'], days(13).toISOString());
    const file = store.file;
    store.close();
    // The snooze is in the profile's store file: another session sees it.
    const again = openStore(file, { clock: () => now.t });
    expect(followUpList(again, now.t).items.map((i) => i.quoteId)).toEqual([expiring.id]);
    expect(followUpList(again, now.t).snoozed).toBe(1);
    // A week on, it is back.
    now.t = days(14);
    expect(followUpList(again, now.t).items.map((i) => i.quoteId)).toContain(sent.id);
    again.close();
  });

  it('finds changes requested, a sync error and a conflict; a deleted quote and its marks are gone', () => {
    const now = { t: T0 };
    const store = storeAt(now);
    const changes = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(changes.id, { status: 'sent', published: true });
    store.updateHeader(changes.id, { status: 'changes_requested' });
    const failed = store.createQuote({ client: clientOf(blueFjord) });
    store.sync.transition(failed.id, 'failed', { message: 'The server refused it' });
    const list = followUpList(store, now.t);
    expect(list.items.map((i) => i.reasons[0]!.text)).toEqual([
      'Not synced: The server refused it',
      'The client asked for changes',
    ]);
    store.followUps.snooze(failed.id, ['syncError'], days(7).toISOString());
    store.deleteQuote(failed.id);
    expect(followUpList(store, now.t).items.map((i) => i.quoteId)).toEqual([changes.id]);
    // Its snooze stays while Undo can bring the quote back, and goes with it for good.
    expect(store.followUps.marks()).toHaveLength(1);
    store.purgeQuote(failed.id);
    expect(store.followUps.marks()).toEqual([]);
    store.close();
  });

  it("lists only the signed-in user's own quotes (created or owned)", () => {
    const now = { t: T0 };
    const store = storeAt(now);
    const mine = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(mine.id, { expiresOn: days(2).toISOString() });
    // The same store signed in as someone else: Ada's quote is not theirs.
    const identity = store.identity()!;
    store.setIdentity({
      ...identity,
      user: { ...identity.user, id: ben.id, email: ben.email, fullName: ben.fullName },
    });
    expect(followUpList(store, now.t).items).toEqual([]);
    store.close();
  });

  it('the notice tells of each newly due reminder once, and not at all when turned off', () => {
    const now = { t: T0 };
    const store = storeAt(now);
    const a = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(a.id, { expiresOn: days(2).toISOString() });
    expect(takeFollowUpNotice(store, now.t)).toEqual({
      count: 1,
      text: 'Acme Dental Group (not yet synced): Expires in 2 days',
      keys: [{ quoteId: a.id, reason: 'expiring' }],
    });
    expect(takeFollowUpNotice(store, now.t)).toBeNull();
    // A new one the next day: told about that one.
    const b = store.createQuote({ client: clientOf(blueFjord) });
    store.updateHeader(b.id, { expiresOn: days(3).toISOString() });
    now.t = days(1);
    expect(takeFollowUpNotice(store, now.t)?.text).toContain(blueFjord.name);
    // Turned off: nothing, and nothing marked as told.
    store.setMeta('localPreferences', { ...localPreferences(store), notify: false });
    const c = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(c.id, { expiresOn: days(4).toISOString() });
    expect(takeFollowUpNotice(store, now.t)).toBeNull();
    expect(store.followUps.marks().filter((m) => m.quoteId === c.id)).toEqual([]);
    store.close();
  });

  it('the days are preferences of the profile: 10 days of expiry brings a quote in', () => {
    const now = { t: T0 };
    const store = storeAt(now);
    const q = store.createQuote({ client: clientOf(acme) });
    store.updateHeader(q.id, { expiresOn: days(9).toISOString() });
    expect(followUpList(store, now.t).items).toEqual([]);
    store.setMeta('localPreferences', { ...localPreferences(store), expiringWithinDays: 10 });
    expect(followUpList(store, now.t).items.map((i) => i.quoteId)).toEqual([q.id]);
    store.close();
  });
});
