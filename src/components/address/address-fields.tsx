/**
 * The fields of a Canadian shipping address (name, street, apartment, city, province, postal code,
 * phone), each with its error beside it. `field(name)` gives a field's value, error and onChange
 * (useSchemaForm's `field`); the rules are the contract's `Address`, checked by the form that holds
 * these fields.
 *
 * A postal code in another province than the one chosen is said beside the postal code as soon as
 * it loses focus (or the province changes with a code typed), before any submit: the server
 * refuses it, since the taxes follow the province.
 */
import { useState, type ChangeEvent } from 'react';
import {
  PROVINCES,
  canonicalPostalCode,
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
} from '../../../contract/checkout-rules.ts';
import type { AddressValues } from '../../lib/address.ts';
import { SelectField } from '../ui/select-field.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './address-fields.module.css';

type FieldProps = {
  name: string;
  value: string;
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
};

export function AddressFields({
  field,
  disabled,
}: {
  field: (name: keyof AddressValues) => FieldProps;
  disabled?: boolean;
}) {
  // Set once the postal code has been left (or the province changed after it): from then on the
  // province check follows every change, as a form's errors do after its first submit.
  const [checking, setChecking] = useState(false);
  const postalCode = field('postalCode');
  const province = field('province');
  const mismatch = checking ? provinceMismatch(postalCode.value, province.value) : null;
  return (
    <>
      <TextField label="Full name" autoComplete="name" disabled={disabled} {...field('name')} />
      <TextField
        label="Address"
        autoComplete="address-line1"
        disabled={disabled}
        {...field('line1')}
      />
      <TextField
        label="Apartment, suite, etc. (optional)"
        autoComplete="address-line2"
        disabled={disabled}
        {...field('line2')}
      />
      <div className={styles.grid2}>
        <TextField
          label="City"
          autoComplete="address-level2"
          disabled={disabled}
          {...field('city')}
        />
        <SelectField
          label="Province"
          autoComplete="address-level1"
          disabled={disabled}
          {...province}
          onChange={(event) => {
            province.onChange(event);
            if (postalCode.value.trim()) setChecking(true);
          }}
        >
          <option value="">Choose a province or territory</option>
          {PROVINCES.map((province) => (
            <option key={province.code} value={province.code}>
              {province.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.grid2}>
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          autoCapitalize="characters"
          hint="Like A1A 1A1"
          disabled={disabled}
          {...postalCode}
          error={postalCode.error ?? mismatch}
          onBlur={() => {
            if (postalCode.value.trim()) setChecking(true);
          }}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          hint="For the carrier, e.g. 416-555-0123"
          disabled={disabled}
          {...field('phone')}
        />
      </div>
    </>
  );
}

/** The sentence for a well-formed postal code outside the chosen province, else null. */
function provinceMismatch(postalCode: string, province: string): string | null {
  if (!province || canonicalPostalCode(postalCode) === null) return null;
  return postalCodeMatchesProvince(postalCode, province)
    ? null
    : postalCodeMismatchMessage(postalCode, province);
}
