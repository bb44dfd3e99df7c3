// Present mode: the open quote on the whole screen, for the client at their desk — the
// partner's name and logo, the client, the intro, every section with its prices, the totals
// once and per billing period, the terms and the expiry. Nothing else of the app is on it: no
// cost, profit or margin (main's view has none), no margin flags, no sync state, no navigation,
// no other quote. Escape (or "Close presentation") goes back to the editor.
import { useCallback, useEffect, useRef } from 'react';
import type { PresentView } from '../../common/ipc/present';
import { formatDate, formatMinor } from '../format';
import { PERIOD_LABEL } from '../format/periods';
import { useNav } from '../state/nav';
import { Button } from '../ui';
import { DeskAnswer } from './desk-answer';
import { useFullScreenWhileOpen } from './full-screen';
import { PresentChoices } from './present-choices';
import { PresentSection } from './present-lines';
import { usePresentView } from './use-present-view';
import './present.css';

function Totals({ view }: { view: PresentView }) {
  const { totals, currency } = view;
  // A quote of recurring items only: no line of zeros to read past.
  const once = totals.initialCents !== 0 || totals.recurring.length === 0;
  return (
    <section className="present-totals" aria-labelledby="present-totals-h">
      <h2 id="present-totals-h">Total</h2>
      <dl>
        {once && (
          <div>
            <dt>One-time</dt>
            <dd data-testid="present-total-initial">
              {formatMinor(totals.initialCents, currency)}
            </dd>
          </div>
        )}
        {totals.recurring.map((r) => (
          <div key={r.period}>
            <dt>{PERIOD_LABEL[r.period].replace(/^per/, 'Per')}</dt>
            <dd data-testid={`present-total-${r.period}`}>{formatMinor(r.cents, currency)}</dd>
          </div>
        ))}
      </dl>
      <p className="present-muted">All amounts in {currency}.</p>
    </section>
  );
}

function Heading({
  view,
  focusRef,
}: {
  view: PresentView;
  focusRef: React.Ref<HTMLHeadingElement>;
}) {
  const logo = view.partner.logo;
  return (
    <header className="present-head">
      <div className="present-partner">
        {logo && (
          <img
            className="present-logo"
            src={`data:${logo.mimeType};base64,${logo.base64}`}
            alt={view.partner.name ? `${view.partner.name} logo` : 'Logo'}
          />
        )}
        {view.partner.name && <p className="present-partner-name">{view.partner.name}</p>}
      </div>
      <p className="present-kicker">Proposal{view.referenceCode ? ` ${view.referenceCode}` : ''}</p>
      <h1 ref={focusRef} tabIndex={-1}>
        {view.client.name}
      </h1>
      <p className="present-facts">
        Valid until {formatDate(view.expiresOn)}
        {view.preparedBy && ` · Prepared by ${view.preparedBy}`}
      </p>
    </header>
  );
}

export default function PresentScreen({ quoteId }: { quoteId: string }) {
  const s = usePresentView(quoteId);
  const leave = useCallback(() => useNav.getState().go({ screen: 'quote', quoteId }), [quoteId]);
  useFullScreenWhileOpen(leave);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = s.state === 'ready';
  useEffect(() => {
    // Keyboard and screen-reader users start at the top of what the client reads.
    if (ready) heading.current?.focus({ preventScroll: true });
  }, [ready]);

  return (
    <div className="present">
      <div className="present-bar">
        <Button variant="ghost" onClick={leave} aria-keyshortcuts="Escape">
          Close presentation
        </Button>
      </div>
      <main id="main" className="present-page">
        {s.state === 'loading' && <p className="present-muted">Loading…</p>}
        {s.state === 'failed' && (
          <>
            <h1>This quote cannot be shown</h1>
            <p role="alert">{s.message}</p>
          </>
        )}
        {s.state === 'ready' && (
          <>
            <Heading view={s.view} focusRef={heading} />
            {s.view.intro && <p className="present-intro">{s.view.intro}</p>}
            {s.view.sections.every((sec) => sec.lines.length === 0) && (
              <p className="present-muted">This proposal has no items yet.</p>
            )}
            {s.view.sections.map((sec, i) => (
              <PresentSection key={i} section={sec} index={i} currency={s.view.currency} />
            ))}
            <PresentChoices quoteId={quoteId} currency={s.view.currency} />
            <Totals view={s.view} />
            <section className="present-terms" aria-labelledby="present-terms-h">
              <h2 id="present-terms-h">Terms</h2>
              {s.view.terms && <p className="present-terms-text">{s.view.terms}</p>}
              <p>This proposal is valid until {formatDate(s.view.expiresOn)}.</p>
            </section>
            <DeskAnswer view={s.view} />
          </>
        )}
      </main>
    </div>
  );
}
