/**
 * A rotating ring; `size` in px (default 20); `label` is announced to screen readers (default
 * 'Loading', in the page's language; pass '' when visible text already says it).
 */
import { useLingui } from '@lingui/react/macro';
import styles from './spinner.module.css';

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return label === undefined ? <LoadingSpinner size={size} /> : <Ring size={size} label={label} />;
}

/** The default label needs the page's translator; a spinner given its label does not. */
function LoadingSpinner({ size }: { size: number }) {
  const { t } = useLingui();
  return <Ring size={size} label={t`Loading`} />;
}

function Ring({ size, label }: { size: number; label: string }) {
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
