/**
 * What the unsubscribe link of a back-in-stock alert opens. It acts only when its button is
 * pressed, never on load: mail scanners open the links in a message, and must not end anything.
 */
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useStopStockAlert } from '../api/stock-alerts.ts';
import styles from './stock-alert-unsubscribe-page.module.css';
import frame from '../../../components/ui/page-frame.module.css';

export function StockAlertUnsubscribePage({ token }: { token: string }) {
  const stop = useStopStockAlert(token);
  // The outcome replaces the button, so focus follows it there.
  const outcomeRef = useCallback((element: HTMLElement | null) => {
    element?.focus({ preventScroll: true });
  }, []);

  let content;
  if (stop.data) {
    content = (
      <p ref={outcomeRef} tabIndex={-1} className={styles.done} role="status">
        {stop.data.message}
      </p>
    );
  } else if (stop.error instanceof ApiError && stop.error.is('token_invalid')) {
    content = (
      <p ref={outcomeRef} tabIndex={-1} className={styles.invalid} role="alert">
        {stop.error.message}
      </p>
    );
  } else {
    content = (
      <>
        <p>
          You asked for one e-mail when an item is back in stock. Stop it, and we will not write to
          you about it.
        </p>
        <FormFailure
          message={
            stop.error
              ? failureMessage(stop.error, 'The alert could not be stopped. Try again.')
              : null
          }
        />
        <p>
          <Button type="button" loading={stop.isPending} onClick={() => stop.mutate()}>
            Stop this alert
          </Button>
        </p>
      </>
    );
  }

  return (
    <main id="main" className={frame.page}>
      <h1 className={frame.title}>Back-in-stock alert</h1>
      <div className={styles.stack}>
        {content}
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </div>
    </main>
  );
}
