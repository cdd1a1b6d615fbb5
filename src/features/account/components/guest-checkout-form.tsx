import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useGuestCheckout } from '../api/guest.ts';
import styles from './auth.module.css';

const loadGuestBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.guestBody.pick({ email: true }));

/**
 * "Check out as a guest", offered on the sign-in screen to a shopper on their way from the cart to
 * the checkout: an e-mail address (checked beside the field) starts a guest session, and the
 * checkout follows.
 */
export function GuestCheckoutForm({ focus }: { focus: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(loadGuestBody, { email: '' });
  const submission = useFormSubmit(form, t`Guest checkout could not start. Please try again.`);
  const guest = useGuestCheckout();

  const onSubmit = submission.onSubmit((body) =>
    guest.mutate(body, {
      onSuccess: () => void navigate({ to: '/checkout', replace: true }),
      onError: submission.fail,
    }),
  );

  const sending = guest.isPending;
  return (
    <section className={styles.guest} aria-labelledby="guest-checkout-title">
      <h2 id="guest-checkout-title" className={styles.guestTitle}>
        <Trans>Check out as a guest</Trans>
      </h2>
      <p className={styles.guestText}>
        <Trans>No account needed: we send the order confirmation to this address.</Trans>
      </p>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t`Check out as a guest`}
      >
        <TextField
          label={t`Email for your order`}
          type="email"
          autoComplete="email"
          // Only when the shopper chose guest checkout in the cart: the field they came for.
          autoFocus={focus}
          disabled={sending}
          {...form.field('email')}
        />
        <FormFailure message={submission.failure} />
        <Button type="submit" variant="outline" block loading={sending}>
          {sending ? t`Starting…` : t`Continue as guest`}
        </Button>
      </form>
    </section>
  );
}
