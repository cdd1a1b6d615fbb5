/**
 * What a crash shows: 'Something went wrong. Try refreshing.' with a reload button, as the root
 * route's errorComponent and, through ErrorBoundary, for trees outside the router (still inside
 * the app's I18nProvider: its text is in the page's language).
 */
import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { StatusScreen } from './status-screen.tsx';

export function CrashScreen() {
  return (
    <StatusScreen
      dark
      title={<Trans>Oops</Trans>}
      actions={
        <Button variant="primary" onClick={() => window.location.reload()}>
          <Trans>Refresh</Trans>
        </Button>
      }
    >
      <p role="alert">
        <Trans>Something went wrong. Try refreshing.</Trans>
      </p>
    </StatusScreen>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The storefront crashed.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
