// Present mode's choices: the options the client may tick and the alternatives they pick one
// of, with what each adds (prices only). Shown only when the quote has any.
import { Choices } from '../options/choices';
import { useOptionsView } from '../options/use-options-view';
import '../options/choices.css';

export function PresentChoices({ quoteId, currency }: { quoteId: string; currency: string }) {
  const { view, error, setError } = useOptionsView(quoteId);
  if (!view || (view.options.length === 0 && !error)) return null;
  return (
    <section className="present-choices" aria-labelledby="present-choices-h">
      <h2 id="present-choices-h">Your choices</h2>
      <Choices quoteId={quoteId} view={view} currency={currency} setError={setError} />
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
