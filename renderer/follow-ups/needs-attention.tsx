import { useEffect, useState } from 'react';
import type { FollowUpItem } from '../../common/ipc/follow-ups';
import { errorOf, ipc } from '../ipc';
import { formatDate } from '../format';
import { useFollowUps } from '../state/follow-ups';
import { useLocalPrefs } from '../state/local-prefs';
import { useNav } from '../state/nav';
import { Button, StatusPill } from '../ui';
import { toast } from '../ui/toast';
import './needs-attention.css';

/**
 * "Needs attention": the salesperson's quotes that need them today — expiring soon, sent and
 * unanswered, changes requested, a sync error or a conflict — each with its reasons in words
 * and one-click actions. Read from the local store: works offline.
 */
export default function NeedsAttention() {
  const list = useFollowUps((s) => s.list);
  const error = useFollowUps((s) => s.error);
  const prefs = useLocalPrefs((s) => s.prefs);
  const go = useNav((s) => s.go);

  useEffect(() => {
    void useFollowUps.getState().load();
  }, []);

  return (
    <div className="page">
      <div className="page-header">
        <h1>Needs attention</h1>
      </div>
      <p className="muted attention-intro">
        Your quotes expiring within {prefs.expiringWithinDays} days, sent and unanswered for{' '}
        {prefs.unansweredAfterDays} days or more, with changes requested, or not syncing. The days
        are set in{' '}
        <button type="button" className="link-button" onClick={() => go({ screen: 'settings' })}>
          Settings
        </button>
        .
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {list && list.items.length === 0 && (
        <div className="empty card">
          <p>Nothing needs your attention.</p>
          {list.snoozed > 0 && (
            <p className="muted">
              {list.snoozed} snoozed {list.snoozed === 1 ? 'quote comes' : 'quotes come'} back when
              the week is up.
            </p>
          )}
        </div>
      )}
      {list && list.items.length > 0 && (
        <>
          <ul className="attention-list" aria-label="Quotes that need attention">
            {list.items.map((item) => (
              <AttentionRow key={item.quoteId} item={item} extendByDays={list.extendByDays} />
            ))}
          </ul>
          {list.snoozed > 0 && (
            <p className="muted attention-foot">{list.snoozed} more snoozed for now.</p>
          )}
        </>
      )}
    </div>
  );
}

function AttentionRow({ item, extendByDays }: { item: FollowUpItem; extendByDays: number }) {
  const go = useNav((s) => s.go);
  const [busy, setBusy] = useState(false);
  const titleId = `attention-${item.quoteId}`;
  const name = `${item.clientName}${item.referenceCode ? ` (${item.referenceCode})` : ''}`;

  const extend = async () => {
    setBusy(true);
    try {
      const d = await ipc().call('followUps.extendExpiry', { quoteId: item.quoteId });
      await useFollowUps.getState().load();
      toast.info(`${name} now expires on ${formatDate(d.header.expiresOn)}.`, {
        label: 'Undo',
        run: () =>
          void ipc()
            .call('edits.undo', { quoteId: item.quoteId })
            .then(() => useFollowUps.getState().load()),
      });
    } catch (e) {
      toast.error(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  const snooze = async () => {
    setBusy(true);
    try {
      await useFollowUps.getState().snooze(item.quoteId);
      toast.success(`${name} is snoozed for a week.`);
    } catch (e) {
      toast.error(errorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="attention-row card" aria-labelledby={titleId}>
      <div className="attention-main">
        <div className="attention-title">
          <span id={titleId} className="attention-client">
            {item.clientName}
          </span>
          <span className="mono muted">{item.referenceCode || 'not yet synced'}</span>
          <StatusPill status={item.status} />
        </div>
        <ul className="attention-reasons" aria-label={`Why ${item.clientName} needs attention`}>
          {item.reasons.map((r) => (
            <li key={r.reason} className={`attention-reason reason-${r.reason}`}>
              {r.text}
            </li>
          ))}
        </ul>
      </div>
      <div className="attention-actions">
        <Button
          size="sm"
          variant="primary"
          aria-describedby={titleId}
          onClick={() => go({ screen: 'quote', quoteId: item.quoteId })}
        >
          Open
        </Button>
        {item.canExtend && (
          <Button
            size="sm"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => void extend()}
          >
            Extend expiry by {extendByDays} days
          </Button>
        )}
        <Button size="sm" aria-describedby={titleId} disabled={busy} onClick={() => void snooze()}>
          Snooze for a week
        </Button>
      </div>
    </li>
  );
}
