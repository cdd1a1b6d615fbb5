/**
 * The URL of the login and register screens: `redirect`, the page to return to after signing in,
 * and `guest`, set by the cart's "Check out as a guest" (the login screen then starts at that
 * form). Only their types are checked here; where `redirect` may lead is decided when it is used
 * (`safeRedirect`).
 */
import { anyText, flag, searchSchema } from '../../lib/search-params.ts';

export const redirectSearchSchema = searchSchema({ redirect: anyText, guest: flag });

/** `target` (the `redirect` search param) as an in-app path to go to after signing in; '/' otherwise. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith('/login') || target.startsWith('/register')) return '/';
  return target;
}
