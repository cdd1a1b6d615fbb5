/**
 * The "Personal details" section: name and phone (PATCH /user/profile/me) and the e-mail, which
 * only the "Change e-mail" section changes. Until the profile (the phone) has loaded the form is
 * shown disabled, so nothing moves when it arrives and a save can never clear a phone it has not
 * read.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import type { AuthUser } from '../../../stores/customer.ts';
import { toast } from '../../../stores/toasts.ts';
import { useProfile, useUpdateProfile, type ProfileUser } from '../api/profile.ts';
import styles from './profile-page.module.css';

const loadProfileBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.updateProfileBody);

export const DETAILS_SAVED = msg`Your details have been saved.`;

export function PersonalDetails({ user }: { user: AuthUser }) {
  const { t } = useLingui();
  const profile = useProfile();
  const loaded = profile.data ?? null;
  return (
    <section className={styles.card} aria-labelledby="personal-details-title">
      <h2 id="personal-details-title" className={styles.cardTitle}>
        <Trans>Personal details</Trans>
      </h2>
      <div>
        <p className={styles.muted}>
          <Trans>E-mail</Trans>
        </p>
        <p className={styles.value} data-testid="profile-email">
          {loaded?.email ?? user.email}
        </p>
      </div>
      <DetailsForm key={loaded ? 'loaded' : 'loading'} user={user} profile={loaded} />
      {profile.isError ? (
        <FormFailure message={t`Your details could not be loaded. Reload the page to try again.`} />
      ) : null}
    </section>
  );
}

function DetailsForm({ user, profile }: { user: AuthUser; profile: ProfileUser | null }) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile();
  const form = useSchemaForm(loadProfileBody, {
    name: profile?.name ?? user.name,
    phone: profile?.phone ?? '',
  });
  const submission = useFormSubmit(form, t`Your details could not be saved. Please try again.`);

  const onSubmit = submission.onSubmit((body) =>
    update.mutate(
      // The parsed phone is canonical, or null when cleared: the API clears it with ''.
      { name: body.name, phone: body.phone ?? '' },
      {
        onSuccess: (saved) => {
          form.setValue('phone', saved?.phone ?? '');
          toast.success(i18n._(DETAILS_SAVED));
        },
        onError: submission.fail,
      },
    ),
  );

  const disabled = !profile || update.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Personal details`}>
      <TextField label={t`Name`} autoComplete="name" disabled={disabled} {...form.field('name')} />
      <TextField
        label={t`Phone`}
        type="tel"
        autoComplete="tel-national"
        hint={t`Optional, e.g. 416-555-0123`}
        disabled={disabled}
        {...form.field('phone')}
      />
      <FormFailure message={submission.failure} />
      <div className={styles.actions}>
        <Button type="submit" variant="dark" loading={update.isPending} disabled={!profile}>
          <Trans>Save details</Trans>
        </Button>
      </div>
    </form>
  );
}
