/**
 * "Create an account" for a guest: one password, under the registration rules (shown beside the
 * field and checked there before sending). Offered on Order Successful to a guest session and on
 * an order-link page while the order's owner is a guest: with `orderLinkToken` it posts to that
 * link, without it to the guest session.
 *
 * A 201 signs the shopper in to the new account (the stored user is no longer a guest, so the
 * menus show "My Profile") and the server's message replaces the form; a 202 (an account already
 * has the address, and a link to add the orders went there) shows the server's message the same
 * way. Either message is focused when it shows. Opened at `#create-account` (the confirmation
 * e-mail's link), the password field is brought into view and focused.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState } from 'react';
import { PASSWORD_MIN } from '../../../../contract/auth-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import {
  createAccountFromOrderLink,
  createGuestAccount,
  useCreateAccount,
} from '../api/guest-account.ts';
import styles from './auth.module.css';

/** The page fragment the confirmation e-mail's "Create an account" link opens at. */
export const CREATE_ACCOUNT_ANCHOR = 'create-account';

const loadGuestAccountBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.guestAccountBody);

export function CreateAccountForm({ orderLinkToken }: { orderLinkToken?: string | undefined }) {
  const { t } = useLingui();
  const send =
    orderLinkToken === undefined ? createGuestAccount : createAccountFromOrderLink(orderLinkToken);
  const form = useSchemaForm(loadGuestAccountBody, { password: '' });
  const submission = useFormSubmit(form, t`Your account could not be created. Please try again.`);
  const create = useCreateAccount(send);
  const [done, setDone] = useState<{ message: string; signedIn: boolean } | null>(null);
  const passwordId = useId();

  useEffect(() => {
    if (window.location.hash !== `#${CREATE_ACCOUNT_ANCHOR}`) return;
    // The page came from the e-mail's "Create an account": the field it is there for. The browser
    // cannot scroll to the fragment by itself, since the form shows only once the order has loaded.
    const password = document.getElementById(passwordId);
    password?.scrollIntoView({ block: 'center' });
    password?.focus({ preventScroll: true });
  }, [passwordId]);

  const doneRef = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  }, []);

  const onSubmit = submission.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        setDone({ message: answer.message, signedIn: 'user' in answer });
        form.reset();
      },
      onError: submission.fail,
    }),
  );

  const sending = create.isPending;
  const min = PASSWORD_MIN;
  return (
    <section
      id={CREATE_ACCOUNT_ANCHOR}
      className={styles.guest}
      aria-labelledby="create-account-title"
    >
      <h2 id="create-account-title" className={styles.guestTitle}>
        <Trans>Create an account</Trans>
      </h2>
      {done ? (
        <div className={styles.form}>
          <p ref={doneRef} tabIndex={-1} className={styles.success} role="status">
            {done.message}
          </p>
          {done.signedIn ? (
            <p className={styles.guestText}>
              <Trans>
                You are signed in to your new account: find it under{' '}
                <Link to="/profile/me">My Profile</Link>, and your orders under{' '}
                <Link to="/my-orders">My Orders</Link>.
              </Trans>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className={styles.guestText}>
            <Trans>
              Choose a password to keep this order, and your other guest orders, in an account for
              your e-mail address.
            </Trans>
          </p>
          <form
            className={styles.form}
            onSubmit={onSubmit}
            noValidate
            aria-label={t`Create an account`}
          >
            <TextField
              id={passwordId}
              label={t`Password`}
              type="password"
              autoComplete="new-password"
              hint={t`At least ${min} characters, with a letter and a digit.`}
              disabled={sending}
              {...form.field('password')}
            />
            <FormFailure message={submission.failure} />
            <Button type="submit" variant="outline" block loading={sending}>
              {sending ? t`Creating your account…` : t`Create my account`}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
