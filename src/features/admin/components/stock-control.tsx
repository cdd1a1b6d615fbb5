/**
 * A line's "Stock" toggle: opened, it reads the variant's stock (with the latest adjustments, who
 * made them and why) and offers a small form to add or take some with a reason. A change that would
 * go below zero is refused by the server (409) and its message shown.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { focusFirstInvalid } from '../../../hooks/use-schema-form.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import { toast } from '../../../stores/toasts.ts';
import { useAdjustStock, useVariantStock } from '../api/variant-stock.ts';
import styles from './admin.module.css';

export function StockControl({ variantId, label }: { variantId: string; label: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t`Stock of ${label}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Trans>Stock</Trans>
      </button>
      {open ? <StockPanel id={panelId} variantId={variantId} label={label} /> : null}
    </div>
  );
}

function StockPanel({ id, variantId, label }: { id: string; variantId: string; label: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const stock = useVariantStock(variantId, true);
  const adjust = useAdjustStock(variantId);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const attempt = useRef<{ key: string; sent: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: { delta?: string; reason?: string } = {};
    const change = Number(delta.trim().replace(/^\+/, ''));
    if (!delta.trim()) found.delta = t`Enter how many to add (or take, with a minus sign).`;
    else if (!/^[+-]?\d+$/.test(delta.trim()) || !Number.isSafeInteger(change))
      found.delta = t`Enter a whole number, such as 5 or -2.`;
    else if (change === 0) found.delta = t`Must not be 0.`;
    if (!reason.trim()) found.reason = t`Enter a reason.`;
    else if (reason.trim().length > 200) found.reason = t`Must be at most 200 characters.`;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const body = { delta: change, reason: reason.trim() };
    const sent = JSON.stringify(body);
    // A retry of the same adjustment (a lost answer) resends its key; a new one gets a new key.
    if (attempt.current?.sent !== sent) attempt.current = { key: newIdempotencyKey(), sent };
    adjust.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (updated) => {
          attempt.current = null;
          setDelta('');
          setReason('');
          const now = updated.stock;
          toast.success(t`Stock of ${label} is now ${now}.`);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors);
        },
      },
    );
  }

  const sending = adjust.isPending;
  const count = stock.data?.stock;
  const sku = stock.data?.sku;
  return (
    <div id={id} className={styles.stockPanel}>
      {stock.isPending ? (
        <Spinner label={t`Loading the stock`} />
      ) : stock.data ? (
        <p>
          <Trans>
            In stock: <strong data-testid="variant-stock">{count}</strong>
          </Trans>{' '}
          <span className={styles.muted}>
            <Trans>SKU {sku}</Trans>
          </span>
        </p>
      ) : (
        <p role="alert">{failureMessage(stock.error, t`The stock could not be loaded.`)}</p>
      )}
      <form aria-label={t`Adjust stock of ${label}`} noValidate onSubmit={onSubmit}>
        <div className={styles.grid2}>
          <TextField
            label={t`Change`}
            name="delta"
            inputMode="numeric"
            hint={t`5 adds five, -2 takes two`}
            value={delta}
            error={errors.delta}
            disabled={sending}
            onChange={(event) => setDelta(event.target.value)}
          />
          <TextField
            label={t`Reason`}
            name="reason"
            value={reason}
            error={errors.reason}
            disabled={sending}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <FormFailure
          message={
            adjust.isError ? failureMessage(adjust.error, t`The stock could not be changed.`) : null
          }
        />
        <Button type="submit" size="sm" variant="dark" loading={sending} disabled={!online}>
          <Trans>Adjust stock</Trans>
        </Button>
      </form>
      {stock.data && stock.data.adjustments.length > 0 ? (
        <details>
          <summary>
            <Trans>Latest adjustments</Trans>
          </summary>
          <ul className={styles.refunds}>
            {stock.data.adjustments.slice(0, 10).map((entry) => (
              <li key={entry.id}>
                {entry.delta > 0 ? `+${entry.delta}` : entry.delta} → {entry.stockAfter},{' '}
                {entry.reason} · <time dateTime={entry.at}>{formatOrderDateTime(entry.at)}</time>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
