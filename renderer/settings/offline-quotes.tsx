// Settings: which of the partner's quotes are on this computer. A first sign-in downloads the
// salesperson's own quotes and those changed in the last 90 days; the others are listed (and
// searchable) and download when opened — or all of them, with "Keep all quotes offline".
import { useEffect, useState } from 'react';
import type { OfflineQuotes as Counts } from '../../common/ipc/shapes';
import { errorOf, ipc } from '../ipc';
import { formatBytes, formatNumber } from '../format';

export function OfflineQuotes() {
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    void ipc()
      .call('sync.offlineQuotes')
      .then(setCounts)
      .catch((e) => setError(errorOf(e).message));
  }, []);

  const toggle = async (keepAll: boolean) => {
    try {
      setCounts(await ipc().call('sync.setKeepAllOffline', { keepAll }));
      setError(undefined);
    } catch (e) {
      setError(errorOf(e).message);
    }
  };

  return (
    <section className="card card-pad stack" aria-labelledby="offline-quotes-h">
      <h2 id="offline-quotes-h" style={{ margin: 0 }}>
        Quotes on this computer
      </h2>
      <p className="muted">
        Your own quotes and those changed in the last 90 days are kept offline. Older quotes of
        colleagues are listed and found by search; each downloads when you open it.
      </p>
      {counts && (
        <dl className="kv" data-testid="offline-quotes">
          <dt>Held offline</dt>
          <dd data-testid="held-offline">
            {formatNumber(counts.held.count)} quotes, {formatBytes(counts.held.bytes)}
            {counts.downloading > 0 && ` (${formatNumber(counts.downloading)} downloading)`}
          </dd>
          <dt>Listed only</dt>
          <dd data-testid="listed-only">
            {formatNumber(counts.listedOnly.count)} quotes, {formatBytes(counts.listedOnly.bytes)}
          </dd>
        </dl>
      )}
      <label className="row">
        <input
          type="checkbox"
          checked={counts?.keepAll ?? false}
          disabled={!counts}
          onChange={(e) => void toggle(e.target.checked)}
        />
        Keep all quotes offline
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
