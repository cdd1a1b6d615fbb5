/**
 * The URL of a product page: the chosen flavor (a slug) and size (`5 lb`), so a shared link opens
 * the same variant. A value no variant has is left to the page to ignore (variant-selection.ts).
 */
import { searchSchema, searchText } from '../../../lib/search-params.ts';

export const productSearchSchema = searchSchema({ flavor: searchText, size: searchText });

export type VariantSearch = ReturnType<typeof productSearchSchema>;
