/**
 * The signed-in shopper's profile: personal details (name, phone, e-mail), the e-mail change and
 * its confirmation link, the password, saved addresses, saved cards, the wishlist and the shopper's
 * data (download, account deletion). Each section stands alone: its own heading, form, messages
 * beside the fields and the server's message on failure.
 *
 * `confirmEmail` is the token of a mailed e-mail confirmation link (the route's search param).
 */
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useCustomer } from '../../../stores/customer.ts';
import { ChangeEmail, EmailConfirmation } from './change-email.tsx';
import { ChangePassword } from './change-password.tsx';
import { PersonalDetails } from './personal-details.tsx';
import styles from './profile-page.module.css';
import frame from '../../../components/ui/page-frame.module.css';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const ProfileMoreSections = lazy(() => afterMessages(() => import('./profile-more-sections.tsx')));

export function ProfilePage({ confirmEmail }: { confirmEmail?: string | undefined }) {
  const { user } = useCustomer();
  if (!user) return null;
  return (
    <main id="main" className={styles.page}>
      <p className={frame.eyebrow}>
        <Trans>Your account</Trans>
      </p>
      <h1 className={styles.title}>
        <Trans>Profile</Trans>
      </h1>
      <EmailConfirmation token={confirmEmail} />
      <div className={styles.sections}>
        <PersonalDetails user={user} />
        <ChangeEmail />
        <ChangePassword />
        {/* Its space is held while it loads, so the footer does not jump. */}
        <Suspense fallback={<div className={styles.pendingSections} aria-busy="true" />}>
          <ProfileMoreSections />
        </Suspense>
      </div>
    </main>
  );
}
