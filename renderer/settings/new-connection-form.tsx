// Settings → Add connection: the new profile's fields, checked here first and then by main (whose
// refusal is shown at the field it names), tried with "Test connection" before it is saved. The
// secret goes to the keychain in main and never comes back here.
import { useState } from 'react';
import type { ConnectionTestResult, KeychainStatus } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { Button, TextField } from '../ui';
import { toast } from '../ui/toast';
import { CaFileField } from './ca-file-field';

type Form = {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The CA certificate picked in the page: its text goes to main, never a path. */
  caPem: string;
  caName: string;
};
const EMPTY: Form = {
  name: '',
  baseUrl: 'https://',
  clientId: '',
  clientSecret: '',
  caPem: '',
  caName: '',
};
type Errors = Partial<Record<keyof Form | '_form', string>>;

/** What this form's fields say is wrong, before anything is sent. */
function problems(form: Form): Errors {
  const errs: Errors = {};
  if (!form.name.trim()) errs.name = 'Name is required';
  if (!/^https:\/\/[^/\s]+/.test(form.baseUrl.trim()))
    errs.baseUrl = 'Base URL must be an https:// address';
  if (!form.clientId.trim()) errs.clientId = 'Client id is required';
  if (!form.clientSecret) errs.clientSecret = 'Client secret is required';
  return errs;
}

const input = (form: Form) => ({
  name: form.name,
  baseUrl: form.baseUrl.trim(),
  clientId: form.clientId,
  clientSecret: form.clientSecret,
  caPem: form.caPem || undefined,
});

/** The form's state, its checks and its two calls (test, add). */
function useNewConnection(onSaved: () => void) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [test, setTest] = useState<ConnectionTestResult | 'testing' | null>(null);

  const valid = () => {
    const errs = problems(form);
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  const tryIt = async () => {
    if (!valid()) return;
    setTest('testing');
    try {
      setTest(await ipc().call('profiles.test', input(form)));
    } catch (e) {
      setTest({ ok: false, message: errorOf(e).message });
    }
  };
  const add = async () => {
    if (!valid()) return;
    try {
      await ipc().call('profiles.add', input(form));
      toast.success('Profile added');
      onSaved();
    } catch (e) {
      const err = errorOf(e);
      const f = err.field?.split('.').pop();
      setErrors({ [f && f in form ? f : '_form']: err.message });
    }
  };
  const bind = (k: Exclude<keyof Form, 'caPem' | 'caName'>) => ({
    value: form[k],
    error: errors[k],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
  });
  return { form, setForm, errors, test, tryIt, add, bind };
}

export function NewConnectionForm({
  keychain,
  onSaved,
  onCancel,
}: {
  keychain: KeychainStatus | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { form, setForm, errors, test, tryIt, add, bind } = useNewConnection(onSaved);
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
      aria-label="New connection"
    >
      <div className="form-grid">
        <TextField
          label="Name"
          autoFocus
          placeholder="e.g. Northwind production"
          {...bind('name')}
        />
        <TextField
          label="Base URL"
          className="span-2"
          placeholder="https://api.example.com"
          {...bind('baseUrl')}
        />
        <TextField label="Client id" {...bind('clientId')} autoComplete="off" />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          hint={
            keychain && !keychain.available
              ? 'No system keychain here: kept in memory until Quotedesk closes.'
              : 'Stored in the system keychain.'
          }
          {...bind('clientSecret')}
        />
        <CaFileField
          fileName={form.caName}
          error={errors.caPem}
          onFile={(caName, caPem) => setForm((f) => ({ ...f, caName, caPem }))}
        />
      </div>
      {errors._form && (
        <p className="field-error" role="alert">
          {errors._form}
        </p>
      )}
      {test && test !== 'testing' && (
        <p className={test.ok ? 'field-hint' : 'field-error'} role="status">
          {test.ok ? '✓ ' : ''}
          {test.message}
        </p>
      )}
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={() => void tryIt()} disabled={test === 'testing'}>
          {test === 'testing' ? 'Testing…' : 'Test connection'}
        </Button>
        <Button type="submit" variant="primary">
          Save connection
        </Button>
      </div>
    </form>
  );
}
