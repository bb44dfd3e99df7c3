// The top of a quote's page, whether it is held whole or only listed (StubView): the way back
// to the list, then the client, reference code and status, and what the page adds after them.
import type { ReactNode } from 'react';
import type { QuoteDetail } from '../../common/ipc/shapes';
import { useNav } from '../state/nav';
import { Button, StatusPill } from '../ui';

export function BackToQuotes() {
  const go = useNav((s) => s.go);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="back-link"
      onClick={() => go({ screen: 'quotes' })}
    >
      ← Quotes
    </Button>
  );
}

export function QuoteTitle({
  header,
  children,
}: {
  header: QuoteDetail['header'];
  children?: ReactNode;
}) {
  return (
    <>
      <BackToQuotes />
      <div className="editor-title">
        <h1>{header.client.name}</h1>
        <span className="mono muted">{header.referenceCode ?? 'Not yet on the server'}</span>
        <StatusPill status={header.status} />
        {children}
      </div>
    </>
  );
}
