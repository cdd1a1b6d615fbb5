/**
 * The URL of the profile screen: `confirmEmail`, the token of the link mailed to confirm a new
 * e-mail address. Only its form is checked here; the server decides whether it is valid.
 */
import { searchSchema, type SearchParam } from '../../lib/search-params.ts';

/** Text, even when the router read it as a number (it parses each value as JSON first). */
const token: SearchParam<string> = (value) =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value).trim() || undefined
    : undefined;

export const profileSearchSchema = searchSchema({ confirmEmail: token });
