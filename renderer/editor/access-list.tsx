import { useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { useEditor } from '../state/editor';
import type { AccountType } from '../../common/api/enums';
import { Button, IconButton, SelectField, TextField } from '../ui';
import { toast } from '../ui/toast';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's account types of a recipient, as a salesperson names them. */
const ACCOUNT_TYPES: { value: AccountType; label: string }[] = [
  { value: 'contact', label: 'Client contact' },
  { value: 'user', label: 'Partner user' },
  { value: 'guest', label: 'Guest' },
];
const TYPE_LABEL = Object.fromEntries(ACCOUNT_TYPES.map((t) => [t.value, t.label])) as Record<
  AccountType,
  string
>;

// long: the list and its add form: the four new-account inputs are checked and sent together
export function AccessList({ detail }: { detail: QuoteDetail }) {
  const [email, setEmail] = useState('');
  const [accountType, setAccountType] = useState<AccountType>('contact');
  const [accountName, setAccountName] = useState('');
  const [accountRole, setAccountRole] = useState('');
  const error = useEditor((s) => s.errors['access:email']);
  const nameError = useEditor((s) => s.errors['access:name']);
  const roleError = useEditor((s) => s.errors['access:role']);
  const run = useEditor((s) => s.run);
  const setError = useEditor((s) => s.setError);
  const quoteId = detail.header.id;
  const list = detail.accessList;
  const full = list.length >= LIMITS.accessList;
  const editable = detail.accessListEditable;

  const add = async () => {
    const emails = email
      .split(/[,;\s]+/)
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = emails.find((x) => !EMAIL.test(x));
    if (emails.length === 0) return setError('access:email', 'Enter an e-mail address');
    if (bad) return setError('access:email', `“${bad}” is not an e-mail address`);
    const dup = emails.find((x) => list.some((e) => e.email.toLowerCase() === x.toLowerCase()));
    if (dup) return setError('access:email', `${dup} already has access`);
    const name = accountName.trim();
    const role = accountRole.trim();
    if ((name || role) && emails.length > 1)
      return setError('access:email', 'A name and role go with one recipient at a time');
    if (list.length + emails.length > LIMITS.accessList)
      return setError(
        'access:email',
        `A quote can be shared with at most ${LIMITS.accessList} recipients`,
      );
    const r = await run(
      'accessList.add',
      {
        quoteId,
        entries: emails.map((e) => ({
          email: e,
          accountType,
          ...(name ? { accountName: name } : {}),
          ...(role ? { accountRole: role } : {}),
        })),
      },
      (err) =>
        err.field?.includes('accountName')
          ? 'access:name'
          : err.field?.includes('accountRole')
            ? 'access:role'
            : 'access:email',
    );
    if (r) {
      setEmail('');
      setAccountName('');
      setAccountRole('');
    }
  };

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('Could not reach the clipboard; select the link and copy it instead.');
    }
  };

  return (
    <section className="card card-pad" aria-labelledby="access-h">
      <div className="row" style={{ marginBottom: 8 }}>
        <h2 id="access-h" style={{ margin: 0 }}>
          Shared with
        </h2>
        <span className="muted">
          {list.length} of {LIMITS.accessList}
        </span>
      </div>
      {list.length === 0 ? (
        <p className="muted">Nobody yet. Add the client’s e-mail to share the quote.</p>
      ) : (
        <ul className="plain-list" aria-label="Recipients">
          {list.map((e) => (
            <li key={e.id}>
              <span className="grow">
                {e.email}
                {e.accountName && <span className="muted"> · {e.accountName}</span>}
                {e.accountRole && <span className="muted"> · {e.accountRole}</span>}
                <span className="muted"> · {TYPE_LABEL[e.accountType]}</span>
              </span>
              {e.link ? (
                <Button
                  size="sm"
                  onClick={() => void copy(e.link!)}
                  aria-label={`Copy link for ${e.email}`}
                >
                  Copy link
                </Button>
              ) : (
                <span className="muted" title="The link is created when the quote syncs">
                  Link after sync
                </span>
              )}
              {editable && (
                <IconButton
                  label={`Remove ${e.email}`}
                  onClick={() => void run('accessList.remove', { quoteId, entryId: e.id })}
                >
                  ✕
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form
          className="row"
          aria-label="Add recipient"
          style={{ alignItems: 'flex-start', marginTop: 8, flexWrap: 'wrap' }}
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextField
            label="Recipient e-mail"
            hideLabel
            className="grow"
            type="text"
            inputMode="email"
            placeholder="name@client.com (several: separate with commas)"
            value={email}
            error={error}
            disabled={full}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError('access:email', null);
            }}
          />
          <Button type="submit" disabled={full}>
            Add recipient
          </Button>
          <div className="row grow" style={{ flexBasis: '100%', alignItems: 'flex-start' }}>
            <SelectField
              label="Account type"
              value={accountType}
              disabled={full}
              onChange={(e) => setAccountType(e.target.value as AccountType)}
            >
              {ACCOUNT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Name (optional)"
              className="grow"
              value={accountName}
              maxLength={200}
              disabled={full}
              error={nameError}
              onChange={(e) => setAccountName(e.target.value)}
            />
            <TextField
              label="Role (optional)"
              className="grow"
              value={accountRole}
              maxLength={200}
              disabled={full}
              error={roleError}
              placeholder="e.g. IT manager"
              onChange={(e) => setAccountRole(e.target.value)}
            />
          </div>
        </form>
      )}
      {!editable && (
        <p className="muted">
          The access list cannot change once a quote is {detail.header.status}.
        </p>
      )}
    </section>
  );
}
