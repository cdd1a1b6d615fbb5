/**
 * The not-found screen: the `$` route's page for any unknown path, and the root's not-found
 * component when a loader finds nothing (both title it 'Page Not Found').
 */
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { StatusScreen } from '../../components/ui/status-screen.tsx';

export function NotFoundScreen() {
  return (
    <StatusScreen
      dark
      code="404"
      title="Page Not Found"
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          Back to home
        </Link>
      }
    >
      <p>The page you are looking for has moved, sold out of existence, or never was.</p>
    </StatusScreen>
  );
}
