/**
 * What a crash shows: 'Something went wrong. Try refreshing.' with a reload button, as the root
 * route's errorComponent and, through ErrorBoundary, for trees outside the router.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { StatusScreen } from './status-screen.tsx';

export const CRASH_MESSAGE = 'Something went wrong. Try refreshing.';

export function CrashScreen() {
  return (
    <StatusScreen
      dark
      title="Oops"
      actions={
        <Button variant="primary" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      }
    >
      <p role="alert">{CRASH_MESSAGE}</p>
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
