/**
 * The "Your data" section: "Download my data" (the account, addresses, orders and messages as a
 * JSON file) and "Delete my account", which asks for the password in a modal dialog first. A
 * deleted account's session is over: the shopper lands on the home page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useDeleteAccount, useExportData } from '../api/privacy.ts';
import styles from './profile-page.module.css';

const loadDeleteAccountBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.deleteAccountBody);

export function YourData() {
  const { t } = useLingui();
  const download = useExportData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className={styles.card} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.cardTitle}>
        <Trans>Your data</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Download a copy of what we keep about you: your account, saved addresses, orders and
          messages, as a JSON file.
        </Trans>
      </p>
      {download.isError ? (
        <FormFailure
          message={failureMessage(download.error, t`Your data could not be downloaded.`)}
        />
      ) : null}
      <div className={styles.actions}>
        <Button variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
          <Trans>Download my data</Trans>
        </Button>
        <Button variant="ghost" onClick={() => setDeleting(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteAccount();
  const form = useSchemaForm(loadDeleteAccountBody, { password: '' });
  const submission = useFormSubmit(form, t`Your account could not be deleted. Please try again.`);
  const onSubmit = submission.onSubmit((body) => remove.mutate(body, { onError: submission.fail }));
  const sending = remove.isPending;

  return (
    <Dialog labelledBy={titleId} describedBy={textId} onClose={sending ? () => {} : onClose}>
      <form className={styles.dialog} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId}>
          <Trans>Delete your account?</Trans>
        </h2>
        <p id={textId} className={styles.muted}>
          <Trans>
            Your account, saved addresses and cart are erased and you are signed out everywhere.
            Your orders stay in our books without your name or address. This cannot be undone. While
            an order is still on its way (awaiting payment, paid, processing or shipped), the
            account stays until the order is delivered or cancelled.
          </Trans>
        </p>
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          data-autofocus
          disabled={sending}
          {...form.field('password')}
        />
        <FormFailure message={submission.failure} />
        <div className={styles.actions}>
          <Button type="submit" variant="dark" loading={sending}>
            <Trans>Delete my account for good</Trans>
          </Button>
          <Button variant="ghost" disabled={sending} onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
