/**
 * The URL of the profile screen: `confirmEmail`, the token of the link mailed to confirm a new
 * e-mail address. Only its type is checked here; the server decides whether it is valid.
 *
 * Exports: profileSearchSchema.
 */
import * as z from 'zod/mini';
import { lenient } from '../../lib/search-params.ts';

export const profileSearchSchema = z.object({
  confirmEmail: lenient(z.string().check(z.minLength(1))),
});
