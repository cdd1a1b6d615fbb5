/**
 * The not-found screen: the `$` route's page for any unknown path, and the root's not-found
 * component when a loader finds nothing (both title it 'Page Not Found').
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { StatusScreen } from '../../components/ui/status-screen.tsx';

export function NotFoundScreen() {
  return (
    <StatusScreen
      dark
      code="404"
      title={<Trans>Page Not Found</Trans>}
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          <Trans>Back to home</Trans>
        </Link>
      }
    >
      <p>
        <Trans>The page you are looking for has moved, sold out of existence, or never was.</Trans>
      </p>
    </StatusScreen>
  );
}
