/**
 * The URL of the login and register screens: `redirect`, the page to return to after signing in.
 * Only its type is checked here; where it may lead is decided when it is used (`safeRedirect`).
 */
import { anyText, searchSchema } from '../../lib/search-params.ts';

export const redirectSearchSchema = searchSchema({ redirect: anyText });
