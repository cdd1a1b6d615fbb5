/**
 * "Notify me when it's back", shown in place of the add button while the chosen flavor and size is
 * sold out: one e-mail field (the signed-in shopper's address to start with), checked beside the
 * field before anything is sent, then the server's answer in place of the form.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { useStockAlert } from '../api/stock-alerts.ts';
import styles from './purchase-panel.module.css';

const loadEmailRules = () =>
  import('../../../../contract/stock-alerts.ts').then((rules) => rules.stockAlertEmailForm);

export function NotifyMeForm({ productId, variantId }: { productId: string; variantId: string }) {
  const { t } = useLingui();
  const titleId = useId();
  const { user } = useCustomer();
  const form = useSchemaForm(loadEmailRules, { email: '' });
  const submission = useFormSubmit(form, t`The alert could not be set. Please try again.`);
  const alert = useStockAlert(productId);

  // The session is known only after hydration: fill the field then, unless the shopper typed.
  const signedInEmail = user?.email ?? '';
  useEffect(() => {
    if (signedInEmail && !form.values.email) form.setValue('email', signedInEmail);
    // Only when the signed-in address becomes known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInEmail]);

  const onSubmit = submission.onSubmit(({ email }) =>
    alert.mutate({ variantId, email }, { onError: submission.fail }),
  );

  return (
    <section className={styles.notify} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.notifyTitle}>
        <Trans>Notify me when it&apos;s back</Trans>
      </h2>
      {alert.data ? (
        <p className={styles.notifyDone} role="status">
          {alert.data.message}
        </p>
      ) : (
        <form
          className={styles.notifyForm}
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={titleId}
        >
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            disabled={alert.isPending}
            {...form.field('email')}
          />
          <FormFailure message={submission.failure} />
          <Button type="submit" variant="outline" loading={alert.isPending}>
            <Trans>Notify me</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}
