/**
 * The URL of the profile screen: `confirmEmail`, the token of the link mailed to confirm a new
 * e-mail address. Only its form is checked here; the server decides whether it is valid.
 */
import * as z from 'zod/mini';
import { lenient } from '../../lib/search-params.ts';

/** Text, even when the router read it as a number (it parses each value as JSON first). */
const token = lenient(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value).trim() || undefined),
  ),
);

export const profileSearchSchema = z.object({ confirmEmail: token });
