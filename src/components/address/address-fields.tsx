/**
 * The fields of a Canadian shipping address (name, street, apartment, city, province, postal code,
 * phone), each with its error beside it. `field(name)` gives a field's value, error and onChange
 * (useSchemaForm's `field`); the rules are the contract's `Address`, checked by the form that holds
 * these fields.
 */
import type { ChangeEvent } from 'react';
import { PROVINCES } from '../../../contract/checkout-rules.ts';
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
          {...field('province')}
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
          {...field('postalCode')}
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
