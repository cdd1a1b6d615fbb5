import { useLingui } from '@lingui/react/macro';
import styles from './heart-button.module.css';

/**
 * A toggle button (aria-pressed) keeping a product for later. Its name stays the same whichever
 * way it is pressed, as a toggle's should: a screen reader says "pressed" or "not pressed" after it.
 */
export function HeartButton({
  name,
  pressed,
  onToggle,
  className,
}: {
  /** The product's name, in the button's accessible name. */
  name: string;
  pressed: boolean;
  onToggle: (pressed: boolean) => void;
  className?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={className ? `${styles.heart} ${className}` : styles.heart}
      aria-pressed={pressed}
      aria-label={t`Save ${name} to your wishlist`}
      onClick={() => onToggle(!pressed)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 7-7l.8.8.8-.8a4.9 4.9 0 0 1 7 7Z" />
      </svg>
    </button>
  );
}
