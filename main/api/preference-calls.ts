// The quote defaults: texts and the attachments every new quote starts with.
import {
  AttachmentList,
  PreferencesResponse,
  QuotePreferencesResult,
  type PreferencesPayload,
} from '../../common/api';
import type { CallOptions } from './transport';
import type { Caller } from './caller';

const PREF = '/v2/quote-preferences';

export function preferenceCalls({ call }: Caller) {
  return {
    getPreferences: (o?: CallOptions) =>
      call({ method: 'GET', route: PREF, response: PreferencesResponse }, o),
    savePreferences: (payload: PreferencesPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: PREF,
          body: payload,
          response: QuotePreferencesResult,
        },
        o,
      ),
    addPreferenceAttachments: (libraryAttachmentIds: string[], o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${PREF}/attachments`,
          body: { attachments: libraryAttachmentIds },
          response: AttachmentList,
        },
        o,
      ),
    deletePreferenceAttachment: (attachmentId: string, o?: CallOptions) =>
      call<void>(
        { method: 'DELETE', route: `${PREF}/attachments/{attachmentId}`, params: { attachmentId } },
        o,
      ),
  };
}
