// The editor's card for options and alternatives: what the client will be able to choose (and
// the choice as it stands: the quote, and so the server, holds what is chosen), the marks with
// a way back, and the forms that make them.
import type { OptionsView, QuoteDetail } from '../../common/ipc';
import { ipc } from '../ipc';
import { Button } from '../ui';
import { Choices } from './choices';
import { MarkForms } from './mark-forms';
import { attempt, useOptionsView } from './use-options-view';
import './choices.css';

function Marks({
  quoteId,
  view,
  setError,
}: {
  quoteId: string;
  view: OptionsView;
  setError: (m: string | null) => void;
}) {
  const unmark = (id: string) =>
    attempt(() => ipc().call('options.unmark', { quoteId, id }), setError);
  const loose = view.options.filter((o) => o.groupId === null);
  return (
    <ul className="options-marks">
      {view.groups.map((g) => (
        <li key={g.id}>
          <span>
            Alternatives “{g.name}”:{' '}
            {view.options
              .filter((o) => o.groupId === g.id)
              .map((o) => o.label)
              .join(' / ')}
          </span>
          <Button variant="ghost" onClick={() => void unmark(g.id)}>
            Ungroup {g.name}
          </Button>
        </li>
      ))}
      {loose.map((o) => (
        <li key={o.id}>
          <span>
            Optional {o.kind}: {o.label}
          </span>
          <Button variant="ghost" disabled={!o.chosen} onClick={() => void unmark(o.id)}>
            Make {o.label} fixed
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function OptionsCard({ detail }: { detail: QuoteDetail }) {
  const quoteId = detail.header.id;
  const { view, error, setError } = useOptionsView(quoteId);
  return (
    <section className="card card-pad stack" aria-labelledby="options-h">
      <h2 id="options-h">Options and alternatives</h2>
      <p className="muted">
        The client chooses in present mode; the quote holds what is chosen, and what is not is kept
        on this computer.
      </p>
      {error && <p role="alert">{error}</p>}
      {view && view.options.length > 0 && (
        <>
          <Choices
            quoteId={quoteId}
            view={view}
            currency={detail.currency}
            disabled={!detail.editable}
            setError={setError}
          />
          <Marks quoteId={quoteId} view={view} setError={setError} />
        </>
      )}
      {view && <MarkForms detail={detail} view={view} setError={setError} />}
    </section>
  );
}
