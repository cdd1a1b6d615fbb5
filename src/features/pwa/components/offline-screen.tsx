/**
 * The friendly screen for a page that needs the network and was never seen before
 * (docs/architecture.md, Offline): what happened, what still works, and a Retry that loads
 * the page again.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';

export function OfflineScreen() {
  return (
    <StatusScreen
      title={<Trans>You&apos;re offline</Trans>}
      actions={
        <>
          <Button variant="primary" onClick={() => window.location.reload()}>
            <Trans>Retry</Trans>
          </Button>
          <Link to="/" className={buttonClassName({ variant: 'outline' })}>
            <Trans>Go to the home page</Trans>
          </Link>
        </>
      }
    >
      <p data-testid="offline-screen">
        <Trans>
          This page hasn&apos;t been saved for offline use yet. Pages you have already visited and
          your cart still work; this one will load once you&apos;re back online.
        </Trans>
      </p>
    </StatusScreen>
  );
}
