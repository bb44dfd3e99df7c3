import type { ServiceContext } from './context';
import { ServiceError, unsupportedInBrowser } from './errors';
import type { Group } from './group';

export function appHandlers(ctx: ServiceContext): Group<'app'> {
  return {
    'app.info': () => ctx.info(),
    'app.policy': () => ctx.policy,
    'app.updateState': () => ctx.updates.state(),
    'app.restartToUpdate': async () => {
      if (ctx.updates.state().state !== 'ready') {
        throw new ServiceError('VALIDATION', 'No update is ready to install.');
      }
      await ctx.updates.restartToUpdate();
      return { done: true as const };
    },
    'app.chooseCaFile': async (_input, call) => {
      if (call.via === 'browser' || !ctx.platform.chooseCaFile)
        throw unsupportedInBrowser('Choosing files');
      const chosen = await ctx.platform.chooseCaFile();
      if (chosen) ctx.grants.grantOpen([chosen]);
      return { path: chosen };
    },
    'app.chooseDraftsFile': async (input, call) => {
      if (call.via === 'browser' || !ctx.platform.chooseDraftsFile)
        throw unsupportedInBrowser('Choosing files');
      const chosen = await ctx.platform.chooseDraftsFile(input?.kind ?? 'drafts');
      if (chosen) ctx.grants.grantOpen([chosen]);
      return { path: chosen };
    },
    'app.choosePdfFiles': async (input, call) => {
      if (call.via === 'browser' || !ctx.platform.choosePdfFiles)
        throw unsupportedInBrowser('Choosing files');
      const paths = await ctx.platform.choosePdfFiles(input?.multiple ?? true);
      ctx.grants.grantOpen(paths);
      return { paths };
    },
    'app.chooseSavePath': async ({ defaultName }, call) => {
      if (call.via === 'browser' || !ctx.platform.chooseSavePath)
        throw unsupportedInBrowser('Choosing a folder');
      const chosen = await ctx.platform.chooseSavePath(defaultName);
      if (chosen) ctx.grants.grantSave(chosen);
      return { path: chosen };
    },
    'app.openExternal': async ({ url }, call) => {
      if (call.via === 'browser' || !ctx.platform.openExternal)
        throw unsupportedInBrowser('Opening links');
      await ctx.platform.openExternal(url);
      return { done: true as const };
    },
  };
}
