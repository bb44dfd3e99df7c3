import { useState } from 'react';
import { LIMITS } from '../../common/api/limits';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { ipc } from '../bridge';
import { useEditor } from '../state/editor';
import { Button, IconButton, TextField } from '../ui';
import { toast } from '../ui/toast';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function AccessList({ detail }: { detail: QuoteDetail }) {
  const [email, setEmail] = useState('');
  const error = useEditor((s) => s.errors['access:email']);
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
    if (list.length + emails.length > LIMITS.accessList)
      return setError(
        'access:email',
        `A quote can be shared with at most ${LIMITS.accessList} recipients`,
      );
    const r = await run(
      () =>
        ipc().call('accessList.add', {
          quoteId,
          entries: emails.map((e) => ({ email: e, accountType: 'contact' as const })),
        }),
      'access:email',
    );
    if (r) setEmail('');
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
                <span className="muted"> · {e.accountType}</span>
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
                  onClick={() =>
                    void run(() => ipc().call('accessList.remove', { quoteId, entryId: e.id }))
                  }
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
          style={{ alignItems: 'flex-start', marginTop: 8 }}
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
