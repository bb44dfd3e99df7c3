// The services behind the IPC contract: one handler per call, over the current session.
import { appHandlers } from './app';
import { attachmentHandlers, attachmentSteps } from './attachments';
import { catalogueHandlers } from './catalogue';
import type { ServiceContext } from './context';
import type { Handlers } from './dispatcher';
import { draftsHandlers } from './drafts';
import { editHandlers } from './edits';
import { followUpHandlers } from './follow-ups';
import { itemSteps } from './items';
import { kitHandlers, kitSteps } from './kits';
import { libraryHandlers } from './library';
import { partnerLogoHandlers } from './partner-logo';
import { presentHandlers } from './present';
import { optionHandlers } from './options';
import { deskHandlers } from './desk';
import { profileHandlers } from './profiles';
import { proposalHandlers, proposalSteps } from './proposal';
import { quoteHandlers, quoteSteps } from './quotes';
import { storeAccessHandlers } from './store-access';
import { storeHandlers } from './store-health';
import { syncHandlers } from './sync';
import { versionHandlers, versionPublished, versionSteps } from './versions';

export function createHandlers(ctx: ServiceContext): Handlers {
  return {
    ...appHandlers(ctx),
    ...quoteHandlers(ctx, { published: (quoteId) => versionPublished(ctx, quoteId) }),
    ...versionHandlers(ctx),
    ...editHandlers(ctx, {
      ...quoteSteps(ctx),
      ...itemSteps(ctx),
      ...kitSteps(ctx),
      ...versionSteps(ctx),
      ...attachmentSteps(ctx),
      ...proposalSteps(ctx),
    }),
    ...kitHandlers(ctx),
    ...attachmentHandlers(ctx),
    ...proposalHandlers(ctx),
    ...libraryHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...syncHandlers(ctx),
    ...profileHandlers(ctx),
    ...storeAccessHandlers(ctx),
    ...storeHandlers(ctx),
    ...draftsHandlers(ctx),
    ...followUpHandlers(ctx),
    ...presentHandlers(ctx),
    ...optionHandlers(ctx),
    ...deskHandlers(ctx),
    ...partnerLogoHandlers(ctx),
  };
}

export { createDispatcher, type Dispatch, type CallContext, type Handlers } from './dispatcher';
export { ServiceError } from './errors';
export { mapError } from './map-error';
export { refreshCatalogue } from './catalogue';
export { refreshQuoteDefaults } from './library';
export { DEMO_PROFILE_ID } from './profiles';
export { healthView } from './store-health';
export { takeFollowUpNotice } from './follow-ups';
export type { ServiceContext } from './context';
export type {
  EventSink,
  Logger,
  LogLevel,
  PathGrantsPort,
  Platform,
  SyncPort,
  UpdatesPort,
} from './ports';
