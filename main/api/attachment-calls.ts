// The attachment calls: a quote's attachments and the partner's attachment library.
import {
  AttachmentList,
  AttachmentResponse,
  LIMITS,
  type CopyAttachmentsPayload,
  type UpdateAttachmentsPayload,
} from '../../common/api';
import type { UploadInput } from './multipart';
import { Q } from './quote-calls';
import type { CallOptions } from './transport';
import type { Caller, DownloadOptions } from './caller';

export type { DownloadOptions } from './caller';

/** One PDF: the service's own limit. A zip of a quote's attachments: all of them, plus slack. */
export const DEFAULT_MAX_PDF_BYTES = LIMITS.attachmentBytes;
export const DEFAULT_MAX_ZIP_BYTES = LIMITS.attachmentBytes * LIMITS.quoteAttachments + 1024 * 1024;

const LIB = '/v2/quote-attachments';

/** A quote's own attachments. */
export function quoteAttachmentCalls({ call, upload, download, bytes }: Caller) {
  return {
    uploadQuoteAttachments: (quoteId: string, files: UploadInput[], o?: CallOptions) =>
      upload('POST', `${Q}/attachments`, { quoteId }, 'attachments', files, AttachmentList, o),
    updateQuoteAttachments: (quoteId: string, payload: UpdateAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: `${Q}/attachments`,
          params: { quoteId },
          body: payload,
          response: AttachmentList,
        },
        o,
      ),
    /** Adds copies of library attachments to the quote. */
    copyLibraryAttachmentsToQuote: (
      quoteId: string,
      payload: CopyAttachmentsPayload,
      o?: CallOptions,
    ) =>
      call(
        {
          method: 'POST',
          route: `${Q}/attachments/shared`,
          params: { quoteId },
          body: payload,
          response: AttachmentList,
        },
        o,
      ),
    getQuoteAttachment: (quoteId: string, attachmentId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: `${Q}/attachments/{attachmentId}`,
          params: { quoteId, attachmentId },
          response: AttachmentResponse,
        },
        o,
      ),
    downloadQuoteAttachment: (
      quoteId: string,
      attachmentId: string,
      dest: string,
      o: DownloadOptions = {},
    ) =>
      download(
        `${Q}/attachments/{attachmentId}`,
        { quoteId, attachmentId },
        { download: 'true' },
        dest,
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** The file in memory: what a store keeps (sealed, when encrypted) never lands on disk in the clear. */
    quoteAttachmentBytes: (quoteId: string, attachmentId: string, o: DownloadOptions = {}) =>
      bytes(
        `${Q}/attachments/{attachmentId}`,
        { quoteId, attachmentId },
        { download: 'true' },
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** All of the quote's attachments as one zip file. */
    downloadQuoteAttachmentsZip: (quoteId: string, dest: string, o: DownloadOptions = {}) =>
      download(
        `${Q}/attachments`,
        { quoteId },
        { downloadZip: 'true' },
        dest,
        o,
        DEFAULT_MAX_ZIP_BYTES,
        'application/zip, application/json',
      ),
    deleteQuoteAttachment: (quoteId: string, attachmentId: string, o?: CallOptions) =>
      call<void>(
        {
          method: 'DELETE',
          route: `${Q}/attachments/{attachmentId}`,
          params: { quoteId, attachmentId },
        },
        o,
      ),
  };
}

/** The partner's attachment library, shared by every quote. */
export function libraryCalls({ call, upload, download, bytes }: Caller) {
  return {
    listLibrary: (o?: CallOptions) =>
      call({ method: 'GET', route: LIB, response: AttachmentList }, o),
    uploadToLibrary: (files: UploadInput[], o?: CallOptions) =>
      upload('POST', LIB, {}, 'attachments', files, AttachmentList, o),
    updateLibrary: (payload: UpdateAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'PUT',
          route: LIB,
          body: payload,
          response: AttachmentList,
        },
        o,
      ),
    /** Adds existing quote attachments to the library. */
    shareQuoteAttachmentsToLibrary: (payload: CopyAttachmentsPayload, o?: CallOptions) =>
      call(
        {
          method: 'POST',
          route: `${LIB}/shared`,
          body: payload,
          response: AttachmentList,
        },
        o,
      ),
    getLibraryAttachment: (attachmentId: string, o?: CallOptions) =>
      call(
        {
          method: 'GET',
          route: `${LIB}/{attachmentId}`,
          params: { attachmentId },
          response: AttachmentResponse,
        },
        o,
      ),
    downloadLibraryAttachment: (attachmentId: string, dest: string, o: DownloadOptions = {}) =>
      download(
        `${LIB}/{attachmentId}`,
        { attachmentId },
        { download: 'true' },
        dest,
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** The file in memory, like `quoteAttachmentBytes`. */
    libraryAttachmentBytes: (attachmentId: string, o: DownloadOptions = {}) =>
      bytes(
        `${LIB}/{attachmentId}`,
        { attachmentId },
        { download: 'true' },
        o,
        DEFAULT_MAX_PDF_BYTES,
        'application/pdf, application/json',
      ),
    /** Replaces the file of a library attachment (PATCH: never retried). */
    replaceLibraryAttachment: (attachmentId: string, file: UploadInput, o?: CallOptions) =>
      upload(
        'PATCH',
        `${LIB}/{attachmentId}`,
        { attachmentId },
        'attachment',
        [file],
        AttachmentResponse,
        o,
      ),
    deleteLibraryAttachment: (attachmentId: string, o?: CallOptions) =>
      call<void>({ method: 'DELETE', route: `${LIB}/{attachmentId}`, params: { attachmentId } }, o),
  };
}
