import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProfilePage } from '../../../../features/account/components/profile-page.tsx';
import { profileSearchSchema } from '../../../../features/account/profile-search.ts';
import { customerState } from '../../../../stores/customer.ts';
import { titled } from '../../../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/_account/profile/me')({
  validateSearch: profileSearchSchema,
  head: titled(msg`Profile`),
  // A guest checkout has no profile (no account): its orders are what it has.
  beforeLoad: () => {
    if (customerState.auth.user?.guest) throw redirect({ to: '/my-orders', replace: true });
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { confirmEmail } = Route.useSearch();
  return <ProfilePage confirmEmail={confirmEmail} />;
}
