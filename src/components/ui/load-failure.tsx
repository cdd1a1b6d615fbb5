import { Trans } from '@lingui/react/macro';
import { buttonClassName } from './button.tsx';
import styles from './load-failure.module.css';

/** Something a page needs could not be loaded: why, announced at once, and a way to ask again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.failure} role="alert">
      <p>{message}</p>
      <button type="button" className={buttonClassName({ variant: 'dark' })} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
