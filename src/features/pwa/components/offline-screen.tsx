/**
 * The friendly screen for a page that needs the network and was never seen before
 * (docs/architecture.md, Offline): what happened, what still works, and a Retry that loads
 * the page again.
 */
import { Link } from '@tanstack/react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';

export const OFFLINE_TITLE = "You're offline";

export function OfflineScreen() {
  return (
    <StatusScreen
      title={OFFLINE_TITLE}
      actions={
        <>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Retry
          </Button>
          <Link to="/" className={buttonClassName({ variant: 'outline' })}>
            Go to the home page
          </Link>
        </>
      }
    >
      <p data-testid="offline-screen">
        This page hasn&apos;t been saved for offline use yet. Pages you have already visited and
        your cart still work; this one will load once you&apos;re back online.
      </p>
    </StatusScreen>
  );
}
