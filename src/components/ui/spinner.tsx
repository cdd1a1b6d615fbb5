/**
 * A rotating ring; `size` in px (default 20); `label` is announced to screen readers (default
 * 'Loading'; pass '' when visible text already says it).
 */
import styles from './spinner.module.css';

export function Spinner({ size = 20, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}
