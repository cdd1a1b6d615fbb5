/**
 * Adds a saved address (POST /user/addresses, optionally as the default) or edits one (PATCH
 * /user/addresses/:addressId) with the checkout's fields and the contract's Address rules, each
 * error beside its field; the server's field errors land there too, and its message above the
 * buttons. `onDone` is called after a save and on "Cancel".
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { AddressFields } from '../../../components/address/address-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { addressValuesOf, type AddressValues } from '../../../lib/address.ts';
import { toast } from '../../../stores/toasts.ts';
import { useCreateAddress, useUpdateAddress, type SavedAddress } from '../api/addresses.ts';
import styles from './profile-page.module.css';

export const ADDRESS_SAVED = msg`Your address has been saved.`;

const loadAddress = () => import('../../../../contract/orders.ts').then((rules) => rules.Address);

export function AddressForm({
  address,
  firstAddress = false,
  onDone,
}: {
  /** The saved address being edited; none to add one. */
  address?: SavedAddress;
  /** No address is saved yet: this one becomes the default whatever is ticked. */
  firstAddress?: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const form = useSchemaForm<AddressValues, Awaited<ReturnType<typeof loadAddress>>>(
    loadAddress,
    addressValuesOf(address),
  );
  const submission = useFormSubmit(form, t`Your address could not be saved. Please try again.`);
  const [makeDefault, setMakeDefault] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // It opens in place of a button ("Add address", "Edit"): the shopper goes on typing there.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const settle = {
    onSuccess: () => {
      toast.success(i18n._(ADDRESS_SAVED));
      onDone();
    },
    onError: submission.fail,
  };
  const onSubmit = submission.onSubmit((body) => {
    if (address) {
      // An emptied second line is cleared: left out, the saved one would stay.
      update.mutate({ addressId: address.id, ...body, line2: body.line2 ?? null }, settle);
    } else {
      create.mutate({ ...body, isDefault: makeDefault }, settle);
    }
  });

  const sending = create.isPending || update.isPending;
  const name = address?.name;
  const title = address ? t`Edit address: ${name}` : t`New address`;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={title}>
      <AddressFields field={form.field} disabled={sending} />
      {address || firstAddress ? null : (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={makeDefault}
            disabled={sending}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          <Trans>Use as my default address</Trans>
        </label>
      )}
      <FormFailure message={submission.failure} />
      <div className={styles.actions}>
        <Button type="submit" variant="dark" loading={sending}>
          <Trans>Save address</Trans>
        </Button>
        <Button variant="ghost" disabled={sending} onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
