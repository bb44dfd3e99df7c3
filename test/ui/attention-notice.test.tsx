// @vitest-environment jsdom
// Browser mode's notice of newly due reminders ("2 quotes need your attention. Show") follows
// "Needs attention" while it is shown: a snooze that leaves one quote makes it tell of that one,
// and an extended expiry that leaves none takes it away. The real notice area, the real
// follow-up updates and the real "Needs attention" screen; the bridge answers as the core does
// (the shapes come from the contract; a snooze or an extended expiry takes the quote off the list).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Bridge, FollowUpItem, FollowUpList, FollowUpNotice } from '../../common/ipc';
import { DEFAULT_LOCAL_PREFERENCES } from '../../common/ipc';
import NeedsAttention from '../../renderer/follow-ups/needs-attention';
import { useFollowUpUpdates } from '../../renderer/follow-ups/use-follow-ups';
import { installBridge } from '../../renderer/ipc';
import { Toasts } from '../../renderer/ui';
import { useToasts } from '../../renderer/ui/toast';
import { detail } from './fixtures';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
});

const acme: FollowUpItem = {
  quoteId: 'q-acme',
  clientName: 'Acme Dental Group',
  referenceCode: 'Q-2026-000001',
  status: 'draft',
  reasons: [{ reason: 'expiring', text: 'Expires in 3 days' }],
  expiresOn: '2026-11-25T23:59:59.000Z',
  canExtend: true,
};
const fjord: FollowUpItem = {
  quoteId: 'q-fjord',
  clientName: 'Blue Fjord Logistics',
  referenceCode: 'Q-2026-000002',
  status: 'sent',
  reasons: [{ reason: 'unanswered', text: 'Sent 6 days ago, no answer yet' }],
  expiresOn: '2026-12-31T23:59:59.000Z',
  canExtend: false,
};

function coreBridge() {
  let items = [acme, fjord];
  let snoozed = 0;
  const list = (): FollowUpList => ({ items, snoozed, extendByDays: 30 });
  const answers: Record<string, (input: { quoteId: string }) => unknown> = {
    'localPreferences.get': () => DEFAULT_LOCAL_PREFERENCES,
    'followUps.takeNotice': (): FollowUpNotice => ({
      count: 2,
      text: '2 quotes need your attention.',
      keys: [
        { quoteId: acme.quoteId, reason: 'expiring' },
        { quoteId: fjord.quoteId, reason: 'unanswered' },
      ],
    }),
    'followUps.list': list,
    'followUps.snooze': ({ quoteId }) => {
      items = items.filter((i) => i.quoteId !== quoteId);
      snoozed++;
      return list();
    },
    'followUps.extendExpiry': ({ quoteId }) => {
      items = items.filter((i) => i.quoteId !== quoteId);
      return detail([], {
        header: { ...detail([]).header, expiresOn: '2027-01-24T23:59:59.000Z' },
      });
    },
  };
  const bridge: Bridge = {
    invoke: async (name, input) => {
      const answer = answers[name];
      if (!answer) return { ok: false, error: { code: 'UNKNOWN_CALL', message: name } };
      return { ok: true, value: answer(input as { quoteId: string }) };
    },
    on: () => () => {},
  };
  installBridge(bridge);
}

function Page() {
  useFollowUpUpdates();
  return (
    <>
      <NeedsAttention />
      <Toasts />
    </>
  );
}

const notices = () => within(screen.getByRole('status')).queryAllByText(/attention|Expires in/);
const row = (client: string) =>
  screen
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-labelledby') && li.textContent?.includes(client))!;

describe('the notice of newly due reminders in browser mode', () => {
  it('tells of fewer quotes after a snooze and goes once none is due', async () => {
    coreBridge();
    render(<Page />);
    await screen.findByText('2 quotes need your attention.');
    await screen.findByText('Blue Fjord Logistics');

    await act(async () =>
      fireEvent.click(
        within(row('Blue Fjord Logistics')).getByRole('button', { name: 'Snooze for a week' }),
      ),
    );
    await screen.findByText('Acme Dental Group (Q-2026-000001): Expires in 3 days');
    expect(screen.queryByText('2 quotes need your attention.')).toBeNull();

    await act(async () =>
      fireEvent.click(
        within(row('Acme Dental Group')).getByRole('button', { name: /Extend expiry/ }),
      ),
    );
    await screen.findByText('Nothing needs your attention.');
    expect(notices().map((n) => n.textContent)).toEqual([]);
  });
});
