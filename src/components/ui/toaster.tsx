/**
 * Renders the toast stack top-right (mounted once in the root route). Show toasts with `toast(...)`
 * from src/stores/toasts.ts.
 */
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { dismissToast, toastState } from '../../stores/toasts.ts';
import styles from './toaster.module.css';

export function Toaster() {
  const { t } = useLingui();
  const { toasts } = useSnapshot(toastState);
  return (
    <ol className={styles.region} aria-label={t`Notifications`}>
      {toasts.map((item) => (
        <li
          key={item.id}
          className={[styles.toast, styles[item.kind]].filter(Boolean).join(' ')}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <p className={styles.message}>{item.message}</p>
          <button
            type="button"
            className={styles.close}
            aria-label={t`Dismiss notification`}
            onClick={() => dismissToast(item.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
