/**
 * What the server renders for a signed-in shopper's page (checkout, orders, the profile, the order
 * desk): the page's frame with a loading state. Its content needs the session, which only the
 * browser has; the browser renders it in place of this once the page is hydrated.
 */
import { useLingui } from '@lingui/react/macro';
import frame from './page-frame.module.css';
import { Spinner } from './spinner.tsx';

export function PrivatePageFrame() {
  const { t } = useLingui();
  return (
    <main id="main" className={frame.page}>
      <Spinner size={28} label={t`Loading your page`} />
    </main>
  );
}
