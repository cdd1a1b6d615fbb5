import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { useSessionCheck } from '../features/account/api/profile.ts';
import {
  useSessionExpiry,
  useSessionsOfOtherTabs,
} from '../features/account/api/session-effects.ts';
import { NotFoundScreen } from '../layout/components/not-found-screen.tsx';
import { PwaLayer } from '../features/pwa/components/pwa-layer.tsx';
import { RouteErrorScreen } from '../features/pwa/components/route-error-screen.tsx';
import { titleFromMatches } from '../lib/document-title.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});

function DocumentTitle() {
  const title = useRouterState({ select: (state) => titleFromMatches(state.matches) });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

function Root() {
  useSessionCheck();
  useSessionsOfOtherTabs();
  useSessionExpiry();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DocumentTitle />
      <Outlet />
      <Toaster />
      <PwaLayer />
    </>
  );
}
