/**
 * What the "Add your guest orders to your account" e-mail opens. It acts only when its button is
 * pressed, never on load: mail scanners open the links in a message, and must not join anything.
 * Then the server's message (how many orders were added), or, for a link that is unknown, used or
 * expired, that message with a way to sign in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, failureMessage } from '../../../lib/failure-message.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { useJoinOrders } from '../api/guest-account.ts';
import styles from './join-orders-page.module.css';
import frame from '../../../components/ui/page-frame.module.css';

export const JOIN_ORDERS_TEXT = msg`Someone who checked out as a guest with your e-mail address asked to keep those orders in your account. If that was you, add them: they will then be in My Orders.`;

export function JoinOrdersPage({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const join = useJoinOrders(token);
  const { user } = useCustomer();
  const signedIn = user !== null && user.guest !== true;

  // The outcome replaces the button, so focus follows it there.
  const outcomeRef = useCallback((element: HTMLElement | null) => {
    element?.focus({ preventScroll: true });
  }, []);

  const ordersLink = signedIn ? (
    <Link to="/my-orders">
      <Trans>See My Orders</Trans>
    </Link>
  ) : (
    <Link to="/login" search={{ redirect: '/my-orders' }}>
      <Trans>Sign in to see them</Trans>
    </Link>
  );

  let content;
  if (join.data) {
    content = (
      <>
        <p ref={outcomeRef} tabIndex={-1} className={styles.done} role="status">
          {join.data.message}
        </p>
        <p>{ordersLink}</p>
      </>
    );
  } else if (
    join.error instanceof ApiError &&
    (join.error.is('token_invalid') || join.error.is('validation'))
  ) {
    content = (
      <>
        <p ref={outcomeRef} tabIndex={-1} className={styles.invalid} role="alert">
          {apiErrorText(join.error, i18n)}
        </p>
        <p>
          {signedIn ? (
            <Link to="/my-orders">
              <Trans>See My Orders</Trans>
            </Link>
          ) : (
            <Link to="/login" search={{ redirect: '/my-orders' }}>
              <Trans>Sign in</Trans>
            </Link>
          )}
        </p>
      </>
    );
  } else {
    content = (
      <>
        <p>{i18n._(JOIN_ORDERS_TEXT)}</p>
        <p>
          <Trans>If it was not you, close this page: nothing changes.</Trans>
        </p>
        <FormFailure
          message={
            join.error
              ? failureMessage(join.error, t`The orders could not be added. Try again.`)
              : null
          }
        />
        <p>
          <Button type="button" loading={join.isPending} onClick={() => join.mutate()}>
            {join.isPending ? t`Adding the orders…` : t`Add the orders to my account`}
          </Button>
        </p>
      </>
    );
  }

  return (
    <main id="main" className={frame.page}>
      <h1 className={frame.title}>
        <Trans>Add your guest orders to your account</Trans>
      </h1>
      <div className={styles.stack}>{content}</div>
    </main>
  );
}
