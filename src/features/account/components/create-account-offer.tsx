/**
 * Where the pages offer "Create an account" (create-account-form.tsx): Order Successful to a guest
 * session, an order-link page while the order's owner is a guest. The form's code, with what it
 * posts to, loads only when it is offered, so nobody else's first page carries it.
 */
import { lazy, Suspense, useState } from 'react';
import { useCustomer } from '../../../stores/customer.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const CreateAccountForm = lazy(() =>
  afterMessages(() => import('./create-account-form.tsx')).then((module) => ({
    default: module.CreateAccountForm,
  })),
);

/** Order Successful: the form for a guest session. */
export function GuestSessionAccountOffer() {
  const { user } = useCustomer();
  return <CreateAccountOffer offered={user?.guest === true} />;
}

/** An order-link page: the form while the order's owner is a guest, for whoever holds the link. */
export function OrderLinkAccountOffer({ token, offered }: { token: string; offered: boolean }) {
  return <CreateAccountOffer offered={offered} orderLinkToken={token} />;
}

/**
 * The form while `offered` (a guest's order), kept once shown: making the account ends the offer
 * (the user is no longer a guest), and its message must stay on screen.
 */
function CreateAccountOffer({
  offered,
  orderLinkToken,
}: {
  offered: boolean;
  orderLinkToken?: string;
}) {
  const [shown, setShown] = useState(offered);
  if (offered && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CreateAccountForm orderLinkToken={orderLinkToken} />
    </Suspense>
  );
}
