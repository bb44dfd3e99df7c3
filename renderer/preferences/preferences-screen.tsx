import { useEffect, useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { Preferences } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { LibraryPicker } from '../editor/attachments';
import { useSync } from '../state/sync';
import { Button, IconButton, TextArea, TextField } from '../ui';
import { toast } from '../ui/toast';
import { PartnerLogoCard } from './partner-logo-card';

type Errors = Partial<
  Record<
    'daysToExpire' | 'salesMarginPercentage' | 'introMessage' | 'termsAndDisclaimers' | '_form',
    string
  >
>;

/** Defaults every new quote starts from. */
// long: the preferences form: every field saves into the one loaded preferences object
export default function PreferencesScreen() {
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [fromCache, setFromCache] = useState(false);
  const [form, setForm] = useState({
    daysToExpire: '',
    salesMarginPercentage: '',
    introMessage: '',
    termsAndDisclaimers: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const status = useSync((s) => s.status);
  const online = !!status?.available && status.online;

  const take = (p: Preferences) => {
    setPrefs(p);
    setForm({
      daysToExpire: String(p.daysToExpire),
      salesMarginPercentage: String(p.salesMarginPercentage),
      introMessage: p.introMessage,
      termsAndDisclaimers: p.termsAndDisclaimers,
    });
  };

  useEffect(() => {
    ipc()
      .call('preferences.get')
      .then((p) => {
        take(p);
        setFromCache(p.fromCache);
      })
      .catch((e: unknown) => setErrors({ _form: errorOf(e).message }));
  }, []);

  const save = async () => {
    const errs: Errors = {};
    const days = Number(form.daysToExpire);
    if (!/^\d+$/.test(form.daysToExpire.trim()) || days < 1 || days > LIMITS.daysToExpireMax)
      errs.daysToExpire = `Days to expire must be a whole number from 1 to ${LIMITS.daysToExpireMax}`;
    const margin = Number(form.salesMarginPercentage.replace(',', '.'));
    if (
      form.salesMarginPercentage.trim() === '' ||
      !Number.isFinite(margin) ||
      margin < 0 ||
      margin >= 100
    )
      errs.salesMarginPercentage = 'Margin must be a number from 0 up to (not including) 100';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSaving(true);
    try {
      take(
        await ipc().call('preferences.update', {
          daysToExpire: days,
          salesMarginPercentage: margin,
          introMessage: form.introMessage,
          termsAndDisclaimers: form.termsAndDisclaimers,
        }),
      );
      toast.success('Preferences saved');
    } catch (e) {
      const err = errorOf(e);
      const f = err.field?.split('.').pop() as keyof Errors | undefined;
      setErrors({ [f && f in form ? f : '_form']: err.message });
    } finally {
      setSaving(false);
    }
  };

  const act = async (fn: () => Promise<Preferences>) => {
    try {
      take(await fn());
    } catch (e) {
      toast.error(errorOf(e).message);
    }
  };

  const bind = (k: keyof typeof form) => ({
    value: form[k],
    error: errors[k],
    disabled: !online,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
  });

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Preferences</h1>
      </div>
      <p className="muted">
        Defaults for every new quote at your company.
        {!online &&
          ' You are offline: these are the saved values; they can be changed once you are back online.'}
        {fromCache && online && ' Showing the cached copy.'}
      </p>
      {errors._form && (
        <p className="field-error" role="alert">
          {errors._form}
        </p>
      )}
      {prefs && (
        <form
          className="card card-pad stack"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="form-grid">
            <TextField
              label="Days until a quote expires"
              inputMode="numeric"
              {...bind('daysToExpire')}
            />
            <TextField
              label="Sales margin (%)"
              inputMode="decimal"
              hint="Used to suggest prices from cost."
              {...bind('salesMarginPercentage')}
            />
            <TextArea
              label="Introduction"
              className="span-all"
              rows={4}
              {...bind('introMessage')}
            />
            <TextArea
              label="Terms and disclaimers"
              className="span-all"
              rows={4}
              {...bind('termsAndDisclaimers')}
            />
          </div>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="primary" disabled={!online || saving}>
              {saving ? 'Saving…' : 'Save preferences'}
            </Button>
          </div>
        </form>
      )}
      {prefs && (
        <section className="card card-pad" aria-labelledby="pa-h">
          <div className="row" style={{ marginBottom: 8 }}>
            <h2 id="pa-h" className="grow" style={{ margin: 0 }}>
              Default attachments
            </h2>
            <span className="muted">
              {prefs.attachments.length} of {LIMITS.preferenceAttachments}
            </span>
            <Button
              size="sm"
              disabled={!online || prefs.attachments.length >= LIMITS.preferenceAttachments}
              onClick={() => setPicking(true)}
            >
              Add from library
            </Button>
          </div>
          {prefs.attachments.length === 0 ? (
            <p className="muted">None. New quotes start without attachments.</p>
          ) : (
            <ul className="plain-list">
              {prefs.attachments.map((a) => (
                <li key={a.id}>
                  <span className="file-icon" aria-hidden="true">
                    PDF
                  </span>
                  <span className="grow">{a.name}</span>
                  {online && (
                    <IconButton
                      label={`Remove ${a.name}`}
                      onClick={() =>
                        void act(() =>
                          ipc().call('preferences.removeAttachment', { attachmentId: a.id }),
                        )
                      }
                    >
                      ✕
                    </IconButton>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {picking && prefs && (
        <LibraryPicker
          title="Default attachments from the library"
          max={LIMITS.preferenceAttachments - prefs.attachments.length}
          onClose={() => setPicking(false)}
          onPick={async (ids) => {
            await act(() =>
              ipc().call('preferences.addAttachments', { libraryAttachmentIds: ids }),
            );
            setPicking(false);
          }}
        />
      )}
      <PartnerLogoCard />
    </div>
  );
}
