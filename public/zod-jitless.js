// Loaded before the app's modules (index.html): zod would otherwise probe `new Function` when its
// first schema is built, which the shop's Content-Security-Policy (no 'unsafe-eval') refuses —
// a console error and a failed Lighthouse best-practices audit. zod reads this global config.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
