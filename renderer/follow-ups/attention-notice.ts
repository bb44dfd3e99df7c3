// Browser mode's notice of newly due reminders ("2 quotes need your attention. Show"). It
// follows "Needs attention" while it is shown: as the reminders it told of stop being due (a
// snooze, an extended expiry, a status change) it tells of those left, and goes when none is.
import { stillDue, noticeText } from '../../common/follow-ups';
import type { FollowUpNotice } from '../../common/ipc';
import { useFollowUps } from '../state/follow-ups';
import { useNav } from '../state/nav';
import { toast, useToasts } from '../ui/toast';

export function showAttentionNotice(notice: FollowUpNotice): void {
  const id = toast.info(notice.text, {
    label: 'Show',
    run: () => useNav.getState().go({ screen: 'followUps' }),
  });
  let told = notice.keys;
  const shown = () => useToasts.getState().toasts.some((t) => t.id === id);
  const offList = useFollowUps.subscribe((s, before) => {
    if (!s.list || s.list === before.list) return;
    const left = stillDue(told, s.list.items);
    if (left.length === 0) useToasts.getState().dismiss(id);
    else if (left.length < told.length)
      useToasts.getState().reword(id, noticeText(left, s.list.items));
    told = left;
  });
  const offToasts = useToasts.subscribe(() => {
    if (shown()) return;
    offList();
    offToasts();
  });
  // Lists read from now on know of the notice's reminders; one read before it, still on its way,
  // is dropped by the list's own ordering (a later read wins).
  void useFollowUps.getState().load();
}
