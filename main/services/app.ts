import type { ServiceContext } from './context';
import { unsupportedInBrowser } from './errors';
import type { Group } from './group';

export function appHandlers(ctx: ServiceContext): Group<'app'> {
  return {
    'app.info': () => ctx.info(),
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
