/**
 * What staff may do to an order now, and nothing else: "Mark processing", "Mark shipped" (a form:
 * carrier and tracking number), "Mark delivered", "Cancel order" (after a confirmation dialog) and
 * "Refund" (an amount, at first all that is left and never more, and a reason). Each checks its
 * fields beside them before sending, shows the server's reason when it refuses (409 when the order
 * has moved on, 400 naming a field) and shows the order as it now is.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import type { AdminOrder } from '../../../../contract/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { focusFirstInvalid } from '../../../hooks/use-schema-form.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { toast } from '../../../stores/toasts.ts';
import { useChangeStatus, useRefund, type StatusChange } from '../api/desk-order.ts';
import { canRefund, parseDollars, staffMoves } from '../lib/desk-rules.ts';
import styles from './admin.module.css';

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * Why the last action failed. It is kept here, above the actions, rather than in the action: a
 * refusal reads the order again, and the action may then be gone (another member of staff has
 * shipped it), taking its message with it.
 */
type Report = (message: string | null) => void;

export function OrderActions({ order }: { order: AdminOrder }) {
  const [failure, setFailure] = useState<string | null>(null);
  const moves = staffMoves(order.status);
  const refundable = canRefund(order);
  return (
    <div className={styles.stack}>
      <FormFailure message={failure} />
      {moves.length === 0 && !refundable ? (
        <p className={styles.muted}>
          <Trans>Nothing more can be done to this order.</Trans>
        </p>
      ) : null}
      {moves.includes('processing') || moves.includes('delivered') ? (
        <SimpleMoves order={order} moves={moves} report={setFailure} />
      ) : null}
      {moves.includes('shipped') ? <ShipForm order={order} report={setFailure} /> : null}
      {moves.includes('cancelled') ? <CancelOrder order={order} report={setFailure} /> : null}
      {refundable ? <RefundForm order={order} report={setFailure} /> : null}
    </div>
  );
}

function doneToast(i18n: I18n, order: AdminOrder, status: StatusChange['status']) {
  const number = order.number;
  const done = {
    processing: msg`Order ${number} marked processing.`,
    shipped: msg`Order ${number} marked shipped.`,
    delivered: msg`Order ${number} marked delivered.`,
    cancelled: msg`Order ${number} cancelled.`,
  }[status];
  toast.success(i18n._(done));
}

function SimpleMoves({
  order,
  moves,
  report,
}: {
  order: AdminOrder;
  moves: string[];
  report: Report;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const change = useChangeStatus(order.id);
  function move(status: 'processing' | 'delivered') {
    report(null);
    change.mutate(
      { status },
      {
        onSuccess: () => doneToast(i18n, order, status),
        onError: (error) => report(failureMessage(error, t`The order could not be moved.`)),
      },
    );
  }
  return (
    <div className={styles.actions}>
      {moves.includes('processing') ? (
        <Button
          variant="dark"
          disabled={!online}
          loading={change.isPending}
          onClick={() => move('processing')}
        >
          <Trans>Mark processing</Trans>
        </Button>
      ) : null}
      {moves.includes('delivered') ? (
        <Button
          variant="dark"
          disabled={!online}
          loading={change.isPending}
          onClick={() => move('delivered')}
        >
          <Trans>Mark delivered</Trans>
        </Button>
      ) : null}
    </div>
  );
}

function ShipForm({ order, report }: { order: AdminOrder; report: Report }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const change = useChangeStatus(order.id);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Errors<'carrier' | 'trackingNumber'>>({});

  function check(): Errors<'carrier' | 'trackingNumber'> {
    const found: Errors<'carrier' | 'trackingNumber'> = {};
    if (!carrier.trim()) found.carrier = t`Enter the carrier.`;
    else if (carrier.trim().length > 60) found.carrier = t`Must be at most 60 characters.`;
    if (!trackingNumber.trim()) found.trackingNumber = t`Enter the tracking number.`;
    else if (trackingNumber.trim().length > 100)
      found.trackingNumber = t`Must be at most 100 characters.`;
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    report(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    change.mutate(
      { status: 'shipped', carrier: carrier.trim(), trackingNumber: trackingNumber.trim() },
      {
        onSuccess: () => doneToast(i18n, order, 'shipped'),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors);
          report(failureMessage(error, t`The order could not be marked shipped.`));
        },
      },
    );
  }

  const sending = change.isPending;
  return (
    <form className={styles.form} aria-label={t`Mark shipped`} noValidate onSubmit={onSubmit}>
      <div className={styles.grid2}>
        <TextField
          label={t`Carrier`}
          name="carrier"
          value={carrier}
          error={errors.carrier}
          disabled={sending}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <TextField
          label={t`Tracking number`}
          name="trackingNumber"
          value={trackingNumber}
          error={errors.trackingNumber}
          disabled={sending}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={sending} disabled={!online}>
          <Trans>Mark shipped</Trans>
        </Button>
      </div>
    </form>
  );
}

function CancelOrder({ order, report }: { order: AdminOrder; report: Report }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const change = useChangeStatus(order.id);
  const paid = order.refundable > 0;
  const number = order.number;
  const refundable = formatMoney(order.refundable, locale);

  return (
    <div>
      <ConfirmButton
        label={t`Cancel order`}
        disabled={!online}
        title={t`Cancel order ${number}?`}
        text={
          paid
            ? t`The payment of ${refundable} is refunded to the shopper in full, and the items go back into stock. The shopper is told by e-mail.`
            : t`Nothing has been charged: the order is closed and the items go back into stock. The shopper is told by e-mail.`
        }
        keepLabel={t`Keep order`}
        confirmLabel={t`Yes, cancel order`}
        pending={change.isPending}
        failure={
          change.isError ? failureMessage(change.error, t`The order could not be cancelled.`) : null
        }
        onOpen={() => change.reset()}
        onConfirm={(close) => {
          report(null);
          change.mutate(
            { status: 'cancelled' },
            {
              onSuccess: () => {
                close();
                doneToast(i18n, order, 'cancelled');
              },
              onError: (error) =>
                report(failureMessage(error, t`The order could not be cancelled.`)),
            },
          );
        }}
      />
    </div>
  );
}

function RefundForm({ order, report }: { order: AdminOrder; report: Report }) {
  const { t } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const refund = useRefund(order.id);
  const left = formatMoney(order.refundable, locale);
  const number = order.number;
  // Empty, never the whole balance: a refund is an amount someone decided on, not one click.
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors<'amount' | 'reason'>>({});
  // One key per refund meant: a retry of the same amount and reason (after a lost answer) reuses
  // it, so the server refunds once; anything else is a new refund with a new key.
  const attempt = useRef<{ key: string; sent: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors<'amount' | 'reason'> = {};
    const cents = parseDollars(amount, locale);
    const zero = formatMoney(0, locale);
    if (!amount.trim()) found.amount = t`Enter the amount to refund.`;
    else if (cents === null) found.amount = t`Enter an amount in dollars, such as 12.50.`;
    else if (cents <= 0) found.amount = t`Must be more than ${zero}.`;
    else if (cents > order.refundable)
      found.amount = t`Must be at most ${left}, what is left to refund.`;
    if (reason.trim().length > 200) found.reason = t`Must be at most 200 characters.`;
    setErrors(found);
    report(null);
    if (Object.keys(found).length > 0 || cents === null) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const body = { amount: cents, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    const sent = JSON.stringify(body);
    if (attempt.current?.sent !== sent) attempt.current = { key: newIdempotencyKey(), sent };
    refund.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          setAmount('');
          setReason('');
          const refunded = formatMoney(cents, locale);
          toast.success(t`Refunded ${refunded} on order ${number}.`);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors);
          report(failureMessage(error, t`The refund could not be made.`));
        },
      },
    );
  }

  const sending = refund.isPending;
  return (
    <form className={styles.form} aria-label={t`Refund`} noValidate onSubmit={onSubmit}>
      <div className={styles.grid2}>
        <TextField
          label={t`Amount (CAD)`}
          name="amount"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          hint={t`Up to ${left} is left to refund.`}
          disabled={sending}
          onChange={(event) => setAmount(event.target.value)}
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
      <div className={styles.actions}>
        <Button type="submit" variant="outline" loading={sending} disabled={!online}>
          <Trans>Refund</Trans>
        </Button>
      </div>
    </form>
  );
}
