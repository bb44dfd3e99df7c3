// The client's choices: a checkbox per option, a radio group per set of alternatives, each
// with what it adds. A choice is one edit of the quote (choices.tick / choices.pick: one undo
// step, synced like any edit), so the totals beside it follow at once. Used by present mode and
// the editor. When some combination would not fit in a quote nothing is offered: the message
// says which.
import type { OptionsView } from '../../common/ipc';
import { ipc } from '../ipc';
import { priceText } from './price-text';
import { attempt } from './use-options-view';

export function Choices({
  quoteId,
  view,
  currency,
  disabled,
  setError,
}: {
  quoteId: string;
  view: OptionsView;
  currency: string;
  disabled?: boolean;
  setError: (m: string | null) => void;
}) {
  if (view.problem) return <p role="alert">{view.problem}</p>;
  const loose = view.options.filter((o) => o.groupId === null);
  const tick = (optionId: string, chosen: boolean) =>
    attempt(() => ipc().call('choices.tick', { quoteId, optionId, chosen }), setError);
  const pick = (groupId: string, optionId: string) =>
    attempt(() => ipc().call('choices.pick', { quoteId, groupId, optionId }), setError);
  return (
    <div className="choices">
      {view.groups.map((g) => (
        <fieldset key={g.id} className="choices-group" disabled={disabled}>
          <legend>{g.name}</legend>
          {view.options
            .filter((o) => o.groupId === g.id)
            .map((o) => (
              <label key={o.id} className="choices-row">
                <input
                  type="radio"
                  name={`alt-${g.id}`}
                  checked={o.chosen}
                  onChange={() => void pick(g.id, o.id)}
                />
                <span className="choices-label">{o.label}</span>
                <span className="choices-price">{priceText(o, currency)}</span>
              </label>
            ))}
        </fieldset>
      ))}
      {loose.length > 0 && (
        <fieldset className="choices-group" disabled={disabled}>
          <legend>Options</legend>
          {loose.map((o) => (
            <label key={o.id} className="choices-row">
              <input
                type="checkbox"
                checked={o.chosen}
                onChange={(e) => void tick(o.id, e.currentTarget.checked)}
              />
              <span className="choices-label">{o.label}</span>
              <span className="choices-price">{priceText(o, currency)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
