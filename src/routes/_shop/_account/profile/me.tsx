import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../../features/account/components/profile-page.tsx';

export const Route = createFileRoute('/_shop/_account/profile/me')({
  head: () => ({ meta: [{ title: 'Profile' }] }),
  component: ProfilePage,
});
