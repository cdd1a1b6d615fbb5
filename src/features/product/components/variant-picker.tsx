import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import {
  flavorChoices,
  sizeChoices,
  type Choice,
  type SelectableVariant,
  type Selection,
} from '../lib/variant-selection.ts';
import styles from './variant-picker.module.css';

interface VariantPickerProps<V extends SelectableVariant> {
  variants: V[];
  selection: Selection<V>;
  onFlavorChange: (flavor: string) => void;
  onSizeChange: (size: string) => void;
  disabled?: boolean;
}

/**
 * Flavor and size as two radio groups (arrow keys move within a group, as native radios do).
 * Sizes are those of the chosen flavor only; a choice without stock stays selectable but marked,
 * so the shopper learns it exists and is sold out rather than wondering where it went.
 */
export function VariantPicker<V extends SelectableVariant>({
  variants,
  selection,
  onFlavorChange,
  onSizeChange,
  disabled,
}: VariantPickerProps<V>) {
  const { t } = useLingui();
  const flavors = flavorChoices(variants);
  const sizes = sizeChoices(variants, selection.flavor);
  return (
    <div className={styles.picker}>
      <ChoiceGroup
        legend={t`Flavor`}
        current={selection.flavor}
        choices={flavors}
        onChange={onFlavorChange}
        disabled={disabled}
      />
      <ChoiceGroup
        legend={t`Size`}
        current={selection.size}
        choices={sizes}
        onChange={onSizeChange}
        disabled={disabled}
      />
    </div>
  );
}

function ChoiceGroup({
  legend,
  current,
  choices,
  onChange,
  disabled,
}: {
  legend: string;
  current: string | undefined;
  choices: Choice[];
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
}) {
  const name = useId();
  const currentLabel = choices.find((choice) => choice.value === current)?.label;
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>
        {legend}
        {currentLabel ? (
          <span className={styles.current}>
            {/* The separator before the chosen value (French puts a no-break space before it). */}
            <Trans comment="After a choice's name, before the chosen value">: {currentLabel}</Trans>
          </span>
        ) : null}
      </legend>
      <div className={styles.options}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={[styles.option, !choice.inStock && styles.soldOut].filter(Boolean).join(' ')}
          >
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={choice.value}
              checked={choice.value === current}
              onChange={() => onChange(choice.value)}
            />
            <span className={styles.optionText}>
              {choice.label}
              {choice.inStock ? null : (
                <span className={styles.soldOutText}>
                  {' '}
                  <Trans>(out of stock)</Trans>
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
