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
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState, type ChangeEvent } from 'react';
import {
  POSTAL_DISTRICT_PROVINCES,
  PROVINCES,
  canonicalPostalCode,
  postalCodeMatchesProvince,
} from '../../../contract/checkout-rules.ts';
import { isLocale } from '../../../contract/locale.ts';
import { provinceName, type AddressValues } from '../../lib/address.ts';
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
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en-CA';
  const [checking, setChecking] = useState(false);
  const postalCode = field('postalCode');
  const province = field('province');
  const mismatch = checking ? provinceMismatch(postalCode.value, province.value, i18n) : null;
  return (
    <>
      <TextField
        label={i18n._(msg`Full name`)}
        autoComplete="name"
        disabled={disabled}
        {...field('name')}
      />
      <TextField
        label={i18n._(msg`Address`)}
        autoComplete="address-line1"
        disabled={disabled}
        {...field('line1')}
      />
      <TextField
        label={i18n._(msg`Apartment, suite, etc. (optional)`)}
        autoComplete="address-line2"
        disabled={disabled}
        {...field('line2')}
      />
      <div className={styles.grid2}>
        <TextField
          label={i18n._(msg`City`)}
          autoComplete="address-level2"
          disabled={disabled}
          {...field('city')}
        />
        <SelectField
          label={i18n._(msg`Province`)}
          autoComplete="address-level1"
          disabled={disabled}
          {...province}
          onChange={(event) => {
            province.onChange(event);
            if (postalCode.value.trim()) setChecking(true);
          }}
        >
          <option value="">
            <Trans>Choose a province or territory</Trans>
          </option>
          {PROVINCES.map((province) => (
            <option key={province.code} value={province.code}>
              {provinceName(province.code, locale)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.grid2}>
        <TextField
          label={i18n._(msg`Postal code`)}
          autoComplete="postal-code"
          autoCapitalize="characters"
          hint={i18n._(msg`Like A1A 1A1`)}
          disabled={disabled}
          {...postalCode}
          error={postalCode.error ?? mismatch}
          onBlur={() => {
            if (postalCode.value.trim()) setChecking(true);
          }}
        />
        <TextField
          label={i18n._(msg`Phone`)}
          type="tel"
          autoComplete="tel-national"
          hint={i18n._(msg`For the carrier, e.g. 416-555-0123`)}
          disabled={disabled}
          {...field('phone')}
        />
      </div>
    </>
  );
}

/**
 * The sentence for a well-formed postal code outside the chosen province, else null: the
 * contract's postalCodeMismatchMessage, in the page's language.
 */
function provinceMismatch(postalCode: string, province: string, i18n: I18n): string | null {
  if (!province || canonicalPostalCode(postalCode) === null) return null;
  if (postalCodeMatchesProvince(postalCode, province)) return null;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en-CA';
  const code = postalCode.trim().toUpperCase();
  const districts = POSTAL_DISTRICT_PROVINCES[code.charAt(0)] ?? [];
  const names = districts.map((district) => provinceName(district, locale));
  const last = names.at(-1) ?? '';
  const first = names.slice(0, -1).join(', ');
  const place = names.length > 1 ? i18n._(msg`${first} or ${last}`) : last;
  const chosen = provinceName(province, locale);
  return i18n._(
    msg`Postal code ${code} is in ${place}, not ${chosen}. Check the postal code or the province.`,
  );
}
