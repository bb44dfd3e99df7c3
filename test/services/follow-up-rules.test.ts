// The follow-up rules ("Needs attention") as a pure function: facts, marks and days in, due
// items out, at an instant the test chooses.
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dueFollowUps,
  extendedExpiry,
  followUpBounds,
  newlyDue,
} from '../../main/services/follow-up-rules';
import { noticeText } from '../../common/follow-ups';
import type { FollowUpFacts } from '../../main/store';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const days = { expiringWithinDays: 7, unansweredAfterDays: 5 };
const at = (d: number) => new Date(NOW.getTime() + d * DAY_MS).toISOString();

function fact(over: Partial<FollowUpFacts>): FollowUpFacts {
  return {
    quoteId: over.quoteId ?? 'q',
    clientName: 'Acme Dental Group',
    referenceCode: 'Q-2026-000001',
    status: 'draft',
    expiresOn: at(30),
    publishedOn: null,
    syncState: 'synced',
    syncMessage: null,
    openConflicts: 0,
    stub: false,
    ...over,
  };
}

describe('follow-up rules', () => {
  it('a quote expiring within the days is due, with the days in words; one later is not', () => {
    const list = dueFollowUps(
      [fact({ quoteId: 'soon', expiresOn: at(3) }), fact({ quoteId: 'later', expiresOn: at(8) })],
      [],
      days,
      NOW,
    );
    expect(list.items.map((i) => [i.quoteId, i.reasons.map((r) => r.text)])).toEqual([
      ['soon', ['Expires in 3 days']],
    ]);
    expect(list.items[0]!.canExtend).toBe(true);
  });

  it('an answered, closed or expired quote is not "expiring"; a past expiry of an open one is', () => {
    const list = dueFollowUps(
      [
        fact({ quoteId: 'accepted', status: 'accepted', expiresOn: at(1) }),
        fact({ quoteId: 'closed', status: 'closed', expiresOn: at(1) }),
        fact({ quoteId: 'expired', status: 'expired', expiresOn: at(-2) }),
        fact({ quoteId: 'draft', status: 'draft', expiresOn: at(-2) }),
      ],
      [],
      days,
      NOW,
    );
    expect(list.items.map((i) => [i.quoteId, i.reasons[0]!.text])).toEqual([
      ['draft', 'Expired 2 days ago'],
    ]);
  });

  it('a sent quote unanswered for the days is due, counted from when it was sent', () => {
    const list = dueFollowUps(
      [
        fact({ quoteId: 'six', status: 'sent', publishedOn: at(-6) }),
        fact({ quoteId: 'four', status: 'sent', publishedOn: at(-4) }),
        fact({ quoteId: 'answered', status: 'accepted', publishedOn: at(-9) }),
      ],
      [],
      days,
      NOW,
    );
    expect(list.items.map((i) => [i.quoteId, i.reasons.map((r) => r.text)])).toEqual([
      ['six', ['Sent 6 days ago, no answer yet']],
    ]);
    // A sent quote's expiry cannot change (only an editable status may): not offered.
    expect(list.items[0]!.canExtend).toBe(false);
  });

  it('changes requested, a sync error and a conflict are due, most urgent first', () => {
    const list = dueFollowUps(
      [
        fact({ quoteId: 'changes', status: 'changes_requested' }),
        fact({ quoteId: 'error', syncState: 'error', syncMessage: 'QUOTE_INVALID_STATUS' }),
        fact({ quoteId: 'conflict', syncState: 'conflict', openConflicts: 2 }),
        fact({ quoteId: 'fine' }),
      ],
      [],
      days,
      NOW,
    );
    expect(list.items.map((i) => [i.quoteId, i.reasons[0]!.text])).toEqual([
      ['conflict', '2 conflicts to resolve'],
      ['error', 'Not synced: QUOTE_INVALID_STATUS'],
      ['changes', 'The client asked for changes'],
    ]);
  });

  it('a snoozed reason is hidden until the snooze ends; a new reason shows the quote again', () => {
    const facts = [fact({ quoteId: 'q', status: 'sent', publishedOn: at(-6), expiresOn: at(10) })];
    const marks = [{ quoteId: 'q', reason: 'unanswered', snoozedUntil: at(7), notifiedAt: null }];
    expect(dueFollowUps(facts, marks, days, NOW)).toEqual({ items: [], snoozed: 1 });
    // A week later the snooze is over.
    expect(dueFollowUps(facts, marks, days, new Date(at(7.01))).items).toHaveLength(1);
    // Still snoozed, it comes close to its expiry: a new reason, shown with that reason only.
    const closer = dueFollowUps(facts, marks, days, new Date(at(4))).items;
    expect(closer).toHaveLength(1);
    expect(closer[0]!.reasons.map((r) => r.reason)).toEqual(['expiring']);
  });

  it('"newly due" is what the user was not told about yet', () => {
    const { items } = dueFollowUps(
      [fact({ quoteId: 'a', expiresOn: at(2) }), fact({ quoteId: 'b', expiresOn: at(1) })],
      [],
      days,
      NOW,
    );
    const marks = [{ quoteId: 'b', reason: 'expiring', snoozedUntil: null, notifiedAt: at(-1) }];
    const fresh = newlyDue(items, marks);
    expect(fresh).toEqual([{ quoteId: 'a', reason: 'expiring' }]);
    expect(noticeText(fresh, items)).toBe('Acme Dental Group (Q-2026-000001): Expires in 2 days');
    expect(noticeText(newlyDue(items, []), items)).toBe('2 quotes need your attention.');
  });

  it('bounds and the extended expiry follow the clock given', () => {
    // The expiry bound takes in the last of the days in any time zone.
    expect(followUpBounds(days, NOW)).toEqual({ expiringBefore: at(9), sentBefore: at(-5) });
    // Extended to the end of the date 30 days on (UTC here).
    expect(extendedExpiry(at(3), NOW, 30, 'UTC')).toBe('2026-04-12T23:59:59.999Z');
    // Already past: a whole term from today.
    expect(extendedExpiry(at(-4), NOW, 30, 'UTC')).toBe('2026-04-09T23:59:59.999Z');
  });
});
