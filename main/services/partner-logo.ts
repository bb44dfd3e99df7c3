// The partner's logo: one image per connection profile, kept in that profile's store (so
// encrypted with it, removed with it) and never sent to the server. Present mode and the
// proposal PDF show it above the partner's name.
import { PARTNER_LOGO_MAX_BYTES, type PartnerLogo } from '../../common/ipc';
import type { Store } from '../store';
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import type { Group } from './group';

const LOGO_KEY = 'partnerLogo';

/** The file's first bytes for each type: a renamed file of another kind is refused. */
const SIGNATURES: Record<PartnerLogo['mimeType'], number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

export function partnerLogo(store: Store): PartnerLogo | null {
  return store.getMeta<PartnerLogo>(LOGO_KEY);
}

/** The logo as a data URL (pdfmake and <img> take it as it is), or null. */
export function partnerLogoDataUrl(store: Store): string | null {
  const logo = partnerLogo(store);
  return logo ? `data:${logo.mimeType};base64,${logo.base64}` : null;
}

function checked(logo: PartnerLogo): PartnerLogo {
  const bytes = Buffer.from(logo.base64, 'base64');
  if (bytes.length > PARTNER_LOGO_MAX_BYTES) {
    throw new ServiceError('INVALID_INPUT', 'base64: the logo is larger than 512 KB.', {
      field: 'base64',
    });
  }
  const sig = SIGNATURES[logo.mimeType];
  if (bytes.length < 16 || !sig.every((b, i) => bytes[i] === b)) {
    const kind = logo.mimeType === 'image/png' ? 'PNG' : 'JPEG';
    throw new ServiceError('INVALID_INPUT', `base64: the file is not a ${kind} image.`, {
      field: 'base64',
    });
  }
  // Stored re-encoded: whitespace or a data-URL prefix sent along is not kept.
  return { mimeType: logo.mimeType, base64: bytes.toString('base64') };
}

export function partnerLogoHandlers(ctx: ServiceContext): Group<'partnerLogo'> {
  return {
    'partnerLogo.get': () => ({ logo: partnerLogo(ctx.store()) }),
    'partnerLogo.set': (input) => {
      const logo = checked(input);
      ctx.store().setMeta(LOGO_KEY, logo);
      return { logo };
    },
    'partnerLogo.clear': () => {
      ctx.store().setMeta(LOGO_KEY, null);
      return { done: true as const };
    },
  };
}
