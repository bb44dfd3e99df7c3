// The partner's logo for present mode and the proposal PDF: chosen here, kept on this computer
// for this connection (never sent to the server), so it works offline too.
import { useEffect, useRef, useState } from 'react';
import {
  PARTNER_LOGO_MAX_BYTES,
  PARTNER_LOGO_TYPES,
  type PartnerLogo,
} from '../../common/ipc/present';
import { errorOf, ipc } from '../ipc';
import { readAsBase64 } from '../pdf/bytes';
import { Button } from '../ui';
import { toast } from '../ui/toast';

export function PartnerLogoCard() {
  const [logo, setLogo] = useState<PartnerLogo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    ipc()
      .call('partnerLogo.get')
      .then((r) => setLogo(r.logo))
      .catch((e: unknown) => setError(errorOf(e).message));
  }, []);

  const choose = async (file: File) => {
    setError(null);
    const mimeType = PARTNER_LOGO_TYPES.find((t) => t === file.type);
    if (!mimeType) return setError(`${file.name} is not a PNG or JPEG image.`);
    if (file.size > PARTNER_LOGO_MAX_BYTES) return setError(`${file.name} is larger than 512 KB.`);
    try {
      const r = await ipc().call('partnerLogo.set', { mimeType, base64: await readAsBase64(file) });
      setLogo(r.logo);
      toast.success('Logo saved on this computer.');
    } catch (e) {
      setError(errorOf(e).message);
    }
  };

  const remove = async () => {
    try {
      await ipc().call('partnerLogo.clear');
      setLogo(null);
    } catch (e) {
      setError(errorOf(e).message);
    }
  };

  return (
    <section className="card card-pad" aria-labelledby="logo-h">
      <h2 id="logo-h" style={{ marginTop: 0 }}>
        Logo
      </h2>
      <p className="muted">
        Shown when you present a quote and printed on the proposal PDF. Kept on this computer for
        this connection; never sent to the server. PNG or JPEG, up to 512 KB.
      </p>
      {logo ? (
        <img
          className="logo-preview"
          src={`data:${logo.mimeType};base64,${logo.base64}`}
          alt="Your logo"
          style={{ maxHeight: 72, maxWidth: 280, display: 'block', marginBottom: 12 }}
        />
      ) : (
        <p className="muted">No logo yet.</p>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="logo-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void choose(f);
        }}
      />
      <div className="row">
        <Button size="sm" onClick={() => input.current?.click()}>
          {logo ? 'Replace logo…' : 'Choose logo…'}
        </Button>
        {logo && (
          <Button size="sm" variant="danger" onClick={() => void remove()}>
            Remove logo
          </Button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
