/**
 * What staff may do to an order now, and nothing else: "Mark processing", "Mark shipped" (a form:
 * carrier and tracking number), "Mark delivered", "Cancel order" (after a confirmation dialog) and
 * "Refund" (an amount, at first all that is left and never more, and a reason). Each checks its
 * fields beside them before sending, shows the server's reason when it refuses (409 when the order
 * has moved on, 400 naming a field) and shows the order as it now is.
 */
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
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { toast } from '../../../stores/toasts.ts';
import { useChangeStatus, useRefund, type StatusChange } from '../api/desk-order.ts';
import { canRefund, parseDollars, staffMoves } from '../lib/desk-rules.ts';
import styles from './admin.module.css';

type Errors<K extends string> = Partial<Record<K, string>>;

const DONE_TEXT: Record<StatusChange['status'], string> = {
  processing: 'marked processing',
  shipped: 'marked shipped',
  delivered: 'marked delivered',
  cancelled: 'cancelled',
};

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
        <p className={styles.muted}>Nothing more can be done to this order.</p>
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

function doneToast(order: AdminOrder, status: StatusChange['status']) {
  toast.success(`Order ${order.number} ${DONE_TEXT[status]}.`);
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
  const online = useOnline();
  const change = useChangeStatus(order.id);
  function move(status: 'processing' | 'delivered') {
    report(null);
    change.mutate(
      { status },
      {
        onSuccess: () => doneToast(order, status),
        onError: (error) => report(failureMessage(error, 'The order could not be moved.')),
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
          Mark processing
        </Button>
      ) : null}
      {moves.includes('delivered') ? (
        <Button
          variant="dark"
          disabled={!online}
          loading={change.isPending}
          onClick={() => move('delivered')}
        >
          Mark delivered
        </Button>
      ) : null}
    </div>
  );
}

function ShipForm({ order, report }: { order: AdminOrder; report: Report }) {
  const online = useOnline();
  const change = useChangeStatus(order.id);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Errors<'carrier' | 'trackingNumber'>>({});

  function check(): Errors<'carrier' | 'trackingNumber'> {
    const found: Errors<'carrier' | 'trackingNumber'> = {};
    if (!carrier.trim()) found.carrier = 'Enter the carrier.';
    else if (carrier.trim().length > 60) found.carrier = 'Must be at most 60 characters.';
    if (!trackingNumber.trim()) found.trackingNumber = 'Enter the tracking number.';
    else if (trackingNumber.trim().length > 100)
      found.trackingNumber = 'Must be at most 100 characters.';
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
        onSuccess: () => doneToast(order, 'shipped'),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors);
          report(failureMessage(error, 'The order could not be marked shipped.'));
        },
      },
    );
  }

  const sending = change.isPending;
  return (
    <form className={styles.form} aria-label="Mark shipped" noValidate onSubmit={onSubmit}>
      <div className={styles.grid2}>
        <TextField
          label="Carrier"
          name="carrier"
          value={carrier}
          error={errors.carrier}
          disabled={sending}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <TextField
          label="Tracking number"
          name="trackingNumber"
          value={trackingNumber}
          error={errors.trackingNumber}
          disabled={sending}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={sending} disabled={!online}>
          Mark shipped
        </Button>
      </div>
    </form>
  );
}

function CancelOrder({ order, report }: { order: AdminOrder; report: Report }) {
  const online = useOnline();
  const change = useChangeStatus(order.id);
  const paid = order.refundable > 0;

  return (
    <div>
      <ConfirmButton
        label="Cancel order"
        disabled={!online}
        title={`Cancel order ${order.number}?`}
        text={`${
          paid
            ? `The payment of ${formatMoney(order.refundable)} is refunded to the shopper in full, and the items go back into stock.`
            : 'Nothing has been charged: the order is closed and the items go back into stock.'
        } The shopper is told by e-mail.`}
        keepLabel="Keep order"
        confirmLabel="Yes, cancel order"
        pending={change.isPending}
        failure={
          change.isError ? failureMessage(change.error, 'The order could not be cancelled.') : null
        }
        onOpen={() => change.reset()}
        onConfirm={(close) => {
          report(null);
          change.mutate(
            { status: 'cancelled' },
            {
              onSuccess: () => {
                close();
                doneToast(order, 'cancelled');
              },
              onError: (error) =>
                report(failureMessage(error, 'The order could not be cancelled.')),
            },
          );
        }}
      />
    </div>
  );
}

function RefundForm({ order, report }: { order: AdminOrder; report: Report }) {
  const online = useOnline();
  const refund = useRefund(order.id);
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
    const cents = parseDollars(amount);
    if (!amount.trim()) found.amount = 'Enter the amount to refund.';
    else if (cents === null) found.amount = 'Enter an amount in dollars, such as 12.50.';
    else if (cents <= 0) found.amount = 'Must be more than $0.00.';
    else if (cents > order.refundable)
      found.amount = `Must be at most ${formatMoney(order.refundable)}, what is left to refund.`;
    if (reason.trim().length > 200) found.reason = 'Must be at most 200 characters.';
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
          toast.success(`Refunded ${formatMoney(cents)} on order ${order.number}.`);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors);
          report(failureMessage(error, 'The refund could not be made.'));
        },
      },
    );
  }

  const sending = refund.isPending;
  return (
    <form className={styles.form} aria-label="Refund" noValidate onSubmit={onSubmit}>
      <div className={styles.grid2}>
        <TextField
          label="Amount (CAD)"
          name="amount"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          hint={`Up to ${formatMoney(order.refundable)} is left to refund.`}
          disabled={sending}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Reason"
          name="reason"
          value={reason}
          error={errors.reason}
          disabled={sending}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="outline" loading={sending} disabled={!online}>
          Refund
        </Button>
      </div>
    </form>
  );
}
