import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../../features/account/components/profile-page.tsx';
import { profileSearchSchema } from '../../../../features/account/profile-search.ts';

export const Route = createFileRoute('/_shop/_account/profile/me')({
  validateSearch: profileSearchSchema,
  head: () => ({ meta: [{ title: 'Profile' }] }),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { confirmEmail } = Route.useSearch();
  return <ProfilePage confirmEmail={confirmEmail} />;
}
