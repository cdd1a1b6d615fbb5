/**
 * The URL of the login and register screens: `redirect`, the page to return to after signing in,
 * and `guest`, set by the cart's "Check out as a guest" (the login screen then starts at that
 * form). Only their types are checked here; where `redirect` may lead is decided when it is used
 * (`safeRedirect`).
 */
import { anyText, flag, searchSchema } from '../../lib/search-params.ts';

export const redirectSearchSchema = searchSchema({ redirect: anyText, guest: flag });
