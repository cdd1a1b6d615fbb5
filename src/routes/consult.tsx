import { createFileRoute, redirect } from '@tanstack/react-router';

/** The original mobile menu linked to /consult; keep such links working. */
export const Route = createFileRoute('/consult')({
  beforeLoad: () => {
    throw redirect({ to: '/consultancy', replace: true });
  },
});
