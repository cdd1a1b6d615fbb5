/**
 * What the unsubscribe link of a back-in-stock alert opens. It acts only when its button is
 * pressed, never on load: mail scanners open the links in a message, and must not end anything.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, failureMessage } from '../../../lib/failure-message.ts';
import { useStopStockAlert } from '../api/stock-alerts.ts';
import styles from './stock-alert-unsubscribe-page.module.css';
import frame from '../../../components/ui/page-frame.module.css';

export function StockAlertUnsubscribePage({ token }: { token: string }) {
  const { t, i18n } = useLingui();
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
        {apiErrorText(stop.error, i18n)}
      </p>
    );
  } else {
    content = (
      <>
        <p>
          <Trans>
            You asked for one e-mail when an item is back in stock. Stop it, and we will not write
            to you about it.
          </Trans>
        </p>
        <FormFailure
          message={
            stop.error
              ? failureMessage(stop.error, t`The alert could not be stopped. Try again.`)
              : null
          }
        />
        <p>
          <Button type="button" loading={stop.isPending} onClick={() => stop.mutate()}>
            <Trans>Stop this alert</Trans>
          </Button>
        </p>
      </>
    );
  }

  return (
    <main id="main" className={frame.page}>
      <h1 className={frame.title}>
        <Trans>Back-in-stock alert</Trans>
      </h1>
      <div className={styles.stack}>
        {content}
        <p>
          <Link to="/">
            <Trans>Back to the shop</Trans>
          </Link>
        </p>
      </div>
    </main>
  );
}
