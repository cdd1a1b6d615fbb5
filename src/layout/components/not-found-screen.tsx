/**
 * Exports: NotFoundScreen — the root's not-found screen for any unknown path (title 'Page Not
 * Found' comes from the root's title rule).
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
