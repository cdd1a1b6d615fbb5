/**
 * Runs a route's search-param schema the way the app does: a URL's query goes through TanStack
 * Router's default parsing (the app's router keeps it) and route matching, and the test reads the
 * search the route's component and loader get — the raw params with the validated ones laid over
 * them.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  defaultParseSearch,
} from '@tanstack/react-router';

/** The search a route validating with `schema` sees at `query` (`?page=2`); throws if it fails. */
export function searchAt(
  schema: (search: Record<string, unknown>) => object,
  query: string,
): Record<string, unknown> {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: '/', validateSearch: schema });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]) });
  const match = router.matchRoutes('/', defaultParseSearch(query)).at(-1)!;
  if (match.searchError) throw match.searchError;
  return match.search as Record<string, unknown>;
}
