/**
 * The build's identity (package version + build time), injected by vite.config.ts as
 * `__BUILD_ID__`; 'dev' where no build defined it (unit tests). It busts the persisted query cache,
 * so a new build never reads answers shaped by an older one.
 */
declare const __BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
