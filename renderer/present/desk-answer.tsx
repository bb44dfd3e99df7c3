// The client answers at the desk, in present mode: Accept, Request changes or Decline. Each
// asks for their name and e-mail, shows the terms to read, takes their signature (drawn, or
// the name typed) and, to decline or ask for changes, their own words. Main does the rest in
// one step, offline (main/services/desk.ts); the screen thanks them, and never shows sync.
import { useState } from 'react';
import type { DeskResponseKind, DeskSignature } from '../../common/ipc/desk';
import type { PresentView } from '../../common/ipc/present';
import { errorOf, ipc } from '../ipc';
import { Button, Dialog, TextArea, TextField } from '../ui';
import { answerRefusal } from './answer-refusal';
import { SignatureField } from './signature-field';
import './desk.css';

const WORDS: Record<
  DeskResponseKind,
  { button: string; title: string; submit: string; reason?: string; done: string }
> = {
  accepted: {
    button: 'Accept',
    title: 'Accept the proposal',
    submit: 'Accept and sign',
    done: 'Your acceptance is recorded',
  },
  changes_requested: {
    button: 'Request changes',
    title: 'Request changes',
    submit: 'Sign and send the request',
    reason: 'What would you like changed?',
    done: 'Your request for changes is recorded',
  },
  declined: {
    button: 'Decline',
    title: 'Decline the proposal',
    submit: 'Sign and decline',
    reason: 'Why are you declining?',
    done: 'Your answer is recorded',
  },
};

type Errors = Partial<Record<'name' | 'email' | 'reason' | 'terms' | 'signature', string>>;

function fieldOf(field: string | undefined): keyof Errors | null {
  const top = field?.split('.')[0];
  return top === 'name' || top === 'email' || top === 'reason' || top === 'signature' ? top : null;
}

// long: one form — its fields, its checks and the call share its state
function AnswerDialog({
  view,
  kind,
  onClose,
  onDone,
}: {
  view: PresentView;
  kind: DeskResponseKind;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const w = WORDS[kind];
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [read, setRead] = useState(false);
  const [signature, setSignature] = useState<DeskSignature | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The quote is read again on every change: one published or answered meanwhile (by sync, or
  // in the editor behind) cannot take this answer, and the dialog says so instead of vanishing.
  // (Not while its own answer is being taken: that moves the status too.)
  const refusal = busy ? null : answerRefusal(view.status, view.expiresOn);

  const submit = async () => {
    if (refusal) return; // said under the form already, beside this button
    const found: Errors = {};
    if (!name.trim()) found.name = 'Your name is required.';
    if (!email.trim()) found.email = 'Your e-mail is required.';
    if (w.reason && !reason.trim()) found.reason = 'Please say in your own words why.';
    if (!read) found.terms = 'Please confirm you have read the terms.';
    if (!signature) found.signature = 'Please sign, or type your name instead.';
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await ipc().call('desk.respond', {
        quoteId: view.quoteId,
        kind,
        name,
        email,
        reason,
        signature: signature!,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      });
      onDone(name.trim());
    } catch (e) {
      const err = errorOf(e);
      const f = fieldOf(err.field);
      if (f) setErrors({ [f]: err.message });
      else setFailed(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={w.title}
      open
      wide
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={busy} onClick={() => void submit()}>
            {w.submit}
          </Button>
        </>
      }
    >
      <div className="desk-form">
        <div className="desk-who">
          <TextField
            label="Your name"
            value={name}
            autoComplete="name"
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Your e-mail"
            type="email"
            value={email}
            autoComplete="email"
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {w.reason && (
            <TextArea
              label={w.reason}
              value={reason}
              rows={3}
              error={errors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          <section className="desk-terms" aria-labelledby="desk-terms-h">
            <h3 id="desk-terms-h">Terms</h3>
            <div className="desk-terms-text" tabIndex={0} role="region" aria-label="Terms to read">
              {view.terms || 'This proposal has no further terms.'}
            </div>
            <label className="desk-check">
              <input
                type="checkbox"
                checked={read}
                aria-invalid={!!errors.terms || undefined}
                onChange={(e) => setRead(e.target.checked)}
              />{' '}
              I have read the terms
            </label>
            {errors.terms && (
              <p className="field-error" role="alert">
                {errors.terms}
              </p>
            )}
          </section>
        </div>
        <SignatureField onChange={setSignature} error={errors.signature} />
        {(refusal ?? failed) && (
          <p className="field-error desk-failed" role="alert">
            {refusal ?? failed}
          </p>
        )}
      </div>
    </Dialog>
  );
}

/** The client's answer: three buttons while the quote is open, then their thanks. */
export function DeskAnswer({ view }: { view: PresentView }) {
  const [asking, setAsking] = useState<DeskResponseKind | null>(null);
  const [done, setDone] = useState<{ kind: DeskResponseKind; name: string } | null>(null);
  if (done) {
    return (
      <section className="desk-answer" aria-labelledby="desk-answer-h">
        <h2 id="desk-answer-h">Thank you, {done.name}</h2>
        <p role="status">{WORDS[done.kind].done}.</p>
      </section>
    );
  }
  const refusal = answerRefusal(view.status, view.expiresOn);
  return (
    <section className="desk-answer" aria-labelledby="desk-answer-h">
      <h2 id="desk-answer-h">Your answer</h2>
      {refusal && !asking ? (
        // Said before anything is filled in: never a button that cannot do what it says.
        <p className="desk-refusal" role="status">
          {refusal}
        </p>
      ) : (
        <div className="desk-buttons">
          {(['accepted', 'changes_requested', 'declined'] as const).map((k) => (
            <Button
              key={k}
              variant={k === 'accepted' ? 'primary' : 'secondary'}
              onClick={() => setAsking(k)}
            >
              {WORDS[k].button}
            </Button>
          ))}
        </div>
      )}
      {asking && (
        <AnswerDialog
          view={view}
          kind={asking}
          onClose={() => setAsking(null)}
          onDone={(name) => {
            setDone({ kind: asking, name });
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}
