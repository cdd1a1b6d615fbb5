/**
 * The "Saved addresses" section: the shopper's addresses (the default first, as the server orders
 * them), each with "Edit", "Make default" and "Delete" (after a confirmation dialog), and "Add
 * address". The checkout offers the same list.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { addressLines } from '../../../lib/address.ts';
import { useSavedAddresses } from '../../../lib/saved-addresses.ts';
import { toast } from '../../../stores/toasts.ts';
import { useDeleteAddress, useUpdateAddress, type SavedAddress } from '../api/addresses.ts';
import { AddressForm } from './address-form.tsx';
import styles from './profile-page.module.css';

/** What is open: the form for a new address, the form for a saved one, or nothing. */
type Editing = { kind: 'new' } | { kind: 'edit'; addressId: string } | null;

export function SavedAddresses() {
  const { t } = useLingui();
  const addresses = useSavedAddresses();
  const makeDefault = useUpdateAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = addresses.data ?? [];
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [closedCount, setClosedCount] = useState(0);

  /** A form or dialog closed: the button that opened it may be gone, so focus starts here. */
  function closed() {
    setEditing(null);
    setDeleting(null);
    setClosedCount((count) => count + 1);
  }
  // An effect, so it comes after the dialog's own clean-up, which gives focus back to its opener.
  useEffect(() => {
    if (closedCount) titleRef.current?.focus();
  }, [closedCount]);

  function onMakeDefault(address: SavedAddress) {
    setFailure(null);
    const name = address.name;
    makeDefault.mutate(
      { addressId: address.id, isDefault: true },
      {
        onSuccess: () => toast.success(t`${name} is now your default address.`),
        onError: (error) =>
          setFailure(failureMessage(error, t`The default address could not be changed.`)),
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="saved-addresses-title">
      <h2 id="saved-addresses-title" ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        <Trans>Saved addresses</Trans>
      </h2>
      <div className={styles.addressArea}>
        {addresses.isPending ? (
          <p className={styles.muted} role="status">
            <Trans>Loading your addresses…</Trans>
          </p>
        ) : addresses.isError ? (
          <FormFailure
            message={failureMessage(addresses.error, t`Your addresses could not be loaded.`)}
          />
        ) : list.length === 0 ? (
          <p className={styles.muted}>
            <Trans>
              No saved addresses yet. Add one here, or tick “Save this address” at checkout.
            </Trans>
          </p>
        ) : (
          <ul className={styles.addresses}>
            {list.map((address) =>
              editing?.kind === 'edit' && editing.addressId === address.id ? (
                <li key={address.id} className={`${styles.address} ${styles.editing}`}>
                  <AddressForm address={address} onDone={closed} />
                </li>
              ) : (
                <AddressItem
                  key={address.id}
                  address={address}
                  busy={makeDefault.isPending && makeDefault.variables?.addressId === address.id}
                  onEdit={() => setEditing({ kind: 'edit', addressId: address.id })}
                  onMakeDefault={() => onMakeDefault(address)}
                  onDelete={() => setDeleting(address)}
                />
              ),
            )}
          </ul>
        )}
      </div>
      <FormFailure message={failure} />
      {editing?.kind === 'new' ? (
        <div className={styles.address}>
          <AddressForm firstAddress={list.length === 0} onDone={closed} />
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="outline"
            disabled={addresses.isPending}
            onClick={() => setEditing({ kind: 'new' })}
          >
            <Trans>Add address</Trans>
          </Button>
        </div>
      )}
      {deleting ? (
        <DeleteAddressDialog
          address={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={closed}
        />
      ) : null}
    </section>
  );
}

function AddressItem({
  address,
  busy,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const nameId = useId();
  const [name, ...rest] = addressLines(address);
  return (
    <li className={styles.address}>
      <h3 id={nameId} className={styles.addressName}>
        {name}
        {address.isDefault ? (
          <span className={styles.badge}>
            <Trans>Default</Trans>
          </span>
        ) : null}
      </h3>
      <p className={styles.addressLines}>
        {rest.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </p>
      <div className={styles.actions}>
        <Button size="sm" variant="outline" aria-describedby={nameId} onClick={onEdit}>
          <Trans>Edit</Trans>
        </Button>
        {address.isDefault ? null : (
          <Button
            size="sm"
            variant="outline"
            aria-describedby={nameId}
            loading={busy}
            onClick={onMakeDefault}
          >
            <Trans>Make default</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-describedby={nameId} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}

function DeleteAddressDialog({
  address,
  onClose,
  onDeleted,
}: {
  address: SavedAddress;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const remove = useDeleteAddress();
  const [failure, setFailure] = useState<string | null>(null);

  function onConfirm() {
    setFailure(null);
    remove.mutate(address.id, {
      onSuccess: () => {
        toast.success(t`The address has been deleted.`);
        onDeleted();
      },
      onError: (error) => setFailure(failureMessage(error, t`The address could not be deleted.`)),
    });
  }

  return (
    <Dialog labelledBy={titleId} onClose={remove.isPending ? () => {} : onClose}>
      <div className={styles.dialog}>
        <h2 id={titleId}>
          <Trans>Delete this address?</Trans>
        </h2>
        <p className={styles.addressLines}>{addressLines(address).join(', ')}</p>
        <p className={styles.muted}>
          {address.isDefault
            ? t`It is your default address: the oldest one left becomes the default.`
            : t`It will no longer be offered at checkout.`}
        </p>
        <FormFailure message={failure} />
        <div className={styles.actions}>
          <Button variant="dark" loading={remove.isPending} data-autofocus onClick={onConfirm}>
            <Trans>Delete address</Trans>
          </Button>
          <Button variant="ghost" disabled={remove.isPending} onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
