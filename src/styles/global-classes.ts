/**
 * Names of the utility classes defined in global.css, for components that combine them with their
 * CSS module's classes.
 *
 * Exports: RENDER_WHEN_NEAR.
 */

/** Style, layout and paint wait until the block comes near the viewport (set --estimated-height). */
export const RENDER_WHEN_NEAR = 'render-when-near';
