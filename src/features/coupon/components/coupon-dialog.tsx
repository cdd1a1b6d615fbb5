/**
 * The coupon offer's dialog: the form (Full Name, Email, each with its message; disabled while
 * sending; the server's message or a fixed fallback on failure) and the success view ('Success!' /
 * 'Check your email for your discount code'). CouponPopup owns when it opens and closes.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../stores/toasts.ts';
import {
  couponFailureMessage,
  couponSuccessMessage,
  useRequestCoupon,
} from '../api/request-coupon.ts';
import { validateCouponForm, type CouponErrors } from '../validate-coupon.ts';
import styles from './coupon-popup.module.css';

export function CouponDialog({
  view,
  onSuccess,
  onClose,
}: {
  view: 'form' | 'success';
  onSuccess: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const titleId = useId();
  const textId = useId();
  const request = useRequestCoupon();
  const [form, setForm] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<CouponErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sending = request.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateCouponForm(form, i18n);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const response = await request.mutateAsync(form);
      toast.success(couponSuccessMessage(response, i18n));
      onSuccess();
    } catch (err) {
      setFailure(couponFailureMessage(err, i18n));
    }
  }

  return (
    <Dialog labelledBy={titleId} describedBy={textId} onClose={onClose} className={styles.dialog}>
      <div className={styles.hero} aria-hidden="true">
        <span className={styles.heroPercent}>{formatPercent(10, locale)}</span>
        <span className={styles.heroOff}>
          <Trans>OFF</Trans>
        </span>
      </div>
      {view === 'success' ? (
        <div className={styles.body} data-testid="coupon-success">
          <h2 id={titleId} className={styles.title}>
            <Trans>Success!</Trans>
          </h2>
          <p id={textId} className={styles.text}>
            <Trans>Check your email for your discount code</Trans>
          </p>
          <Button variant="dark" block onClick={onClose} data-autofocus>
            <Trans>Keep shopping</Trans>
          </Button>
        </div>
      ) : (
        <form className={styles.body} onSubmit={onSubmit} noValidate data-testid="coupon-form">
          <h2 id={titleId} className={styles.title}>
            <Trans>Unlock 10% off your order</Trans>
          </h2>
          <p id={textId} className={styles.text}>
            <Trans>
              Tell us where to send it: your personal discount code arrives by e-mail, valid for 30
              days.
            </Trans>
          </p>
          {failure ? (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          ) : null}
          <TextField
            label={t`Full Name`}
            name="name"
            autoComplete="name"
            value={form.name}
            disabled={sending}
            error={errors.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            data-autofocus
          />
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            disabled={sending}
            error={errors.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
          <Button type="submit" block loading={sending}>
            {sending ? t`Sending...` : t`Get my code`}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
