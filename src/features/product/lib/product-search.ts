/**
 * The URL of a product page: the chosen flavor (a slug) and size (`5 lb`), so a shared link opens
 * the same variant. A value no variant has is left to the page to ignore (variant-selection.ts).
 */
import * as z from 'zod/mini';
import { searchText } from '../../../lib/search-params.ts';

export const productSearchSchema = z.object({ flavor: searchText, size: searchText });

export type VariantSearch = z.output<typeof productSearchSchema>;
