// Settings: the salesperson's own preferences for this connection (kept on this computer, never
// sent): when a quote counts as expiring or unanswered in "Needs attention", whether newly due
// ones are notified, and the margin floor the editor flags.
import { useEffect, useState } from 'react';
import type { LocalPreferences } from '../../common/ipc/follow-ups';
import { errorOf } from '../ipc';
import { useLocalPrefs } from '../state/local-prefs';
import { useFollowUps } from '../state/follow-ups';
import { Button, TextField } from '../ui';
import { toast } from '../ui/toast';

type Field = 'expiringWithinDays' | 'unansweredAfterDays' | 'marginFloorPercent';
type Errors = Partial<Record<Field, string>>;

function formOf(p: LocalPreferences) {
  return {
    expiringWithinDays: String(p.expiringWithinDays),
    unansweredAfterDays: String(p.unansweredAfterDays),
    marginFloorPercent: p.marginFloorPercent === null ? '' : String(p.marginFloorPercent),
    notify: p.notify,
  };
}

function days(text: string, what: string, errs: Errors, field: Field): number {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 365)
    errs[field] = `${what} must be a whole number of days from 1 to 365`;
  return n;
}

// long: the three thresholds, their checks and the notify switch are saved as one preferences object
export function WorkPreferences() {
  const prefs = useLocalPrefs((s) => s.prefs);
  const [form, setForm] = useState(() => formOf(prefs));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void useLocalPrefs
      .getState()
      .load()
      .then(() => setForm(formOf(useLocalPrefs.getState().prefs)));
  }, []);

  const save = async () => {
    const errs: Errors = {};
    const expiringWithinDays = days(
      form.expiringWithinDays,
      'Expiring within',
      errs,
      'expiringWithinDays',
    );
    const unansweredAfterDays = days(
      form.unansweredAfterDays,
      'Unanswered after',
      errs,
      'unansweredAfterDays',
    );
    let marginFloorPercent: number | null = null;
    if (form.marginFloorPercent.trim() !== '') {
      marginFloorPercent = Number(form.marginFloorPercent.trim().replace(',', '.'));
      if (
        !Number.isFinite(marginFloorPercent) ||
        marginFloorPercent < 0 ||
        marginFloorPercent >= 100
      )
        errs.marginFloorPercent =
          'Margin floor must be a number from 0 up to (not including) 100, or empty for none';
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSaving(true);
    try {
      const next = await useLocalPrefs.getState().save({
        expiringWithinDays,
        unansweredAfterDays,
        notify: form.notify,
        marginFloorPercent,
      });
      setForm(formOf(next));
      void useFollowUps.getState().load();
      toast.success('Follow-ups and margin floor saved');
    } catch (e) {
      const err = errorOf(e);
      const field = err.field?.split('.').pop() as Field | undefined;
      if (field && field in form) setErrors({ [field]: err.message });
      else toast.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card card-pad stack" aria-labelledby="work-prefs-h">
      <h2 id="work-prefs-h" style={{ margin: 0 }}>
        Follow-ups and margin floor
      </h2>
      <p className="muted">
        For this connection, kept on this computer only. Needs attention lists your quotes that
        expire soon or were sent and not answered.
      </p>
      <div className="form-grid">
        <TextField
          label="Expiring within (days)"
          inputMode="numeric"
          value={form.expiringWithinDays}
          error={errors.expiringWithinDays}
          onChange={(e) => setForm({ ...form, expiringWithinDays: e.target.value })}
        />
        <TextField
          label="Unanswered after (days)"
          inputMode="numeric"
          value={form.unansweredAfterDays}
          error={errors.unansweredAfterDays}
          onChange={(e) => setForm({ ...form, unansweredAfterDays: e.target.value })}
        />
        <TextField
          label="Margin floor (%)"
          inputMode="decimal"
          placeholder="Off"
          hint="Lines and quotes below it are flagged in the editor, and publishing asks first. Empty: off. Lines priced below cost are always flagged."
          value={form.marginFloorPercent}
          error={errors.marginFloorPercent}
          onChange={(e) => setForm({ ...form, marginFloorPercent: e.target.value })}
        />
      </div>
      <label className="row">
        <input
          type="checkbox"
          checked={form.notify}
          onChange={(e) => setForm({ ...form, notify: e.target.checked })}
        />
        Notify me of quotes that newly need attention (at start, then once a day)
      </label>
      <div className="row">
        <Button variant="primary" disabled={saving} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </section>
  );
}
