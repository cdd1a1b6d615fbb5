/**
 * Checkout: the form (address, method, live summary, "Place order"), then the payment step of the
 * order it placed, then /order-success. The attempt is durable (lib/use-checkout-attempt.ts): a
 * reload resumes it, so the page is only wrapped in the cart guard (`guard`, the route passes
 * CheckoutGuard: features do not import each other) when no attempt is under way and no `orderId`
 * is given — an order placed may already have emptied the cart. `orderId` ("Pay now" on an order)
 * opens that order's payment step.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCustomer } from '../../../stores/customer.ts';
import { useCheckoutAttempt } from '../lib/use-checkout-attempt.ts';
import styles from './orders.module.css';
import frame from '../../../components/ui/page-frame.module.css';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';
import { nextTask } from '../../../lib/next-task.ts';

/**
 * The form's code is fetched as this page starts, beside the cart and the stored attempt it waits
 * for anyway, rather than before the page can render: it keeps /checkout within the first-page
 * JavaScript budget (`npm run budget`). The import starts in a task of its own: this module runs
 * inside the task that starts the app (see nextTask).
 */
const loadCheckoutForm = () => afterMessages(() => import('./checkout-form.tsx'));
const formModule = nextTask().then(loadCheckoutForm);
formModule.catch(() => undefined);
const CheckoutForm = lazy(() =>
  formModule.catch(() => loadCheckoutForm()).then((module) => ({ default: module.CheckoutForm })),
);

/**
 * The payment step is only needed once an order exists: fetched as soon as the shopper presses
 * "Place order".
 */
const loadPaymentStep = () => afterMessages(() => import('./payment-step.tsx'));
const PaymentStep = lazy(() =>
  loadPaymentStep().then((module) => ({ default: module.PaymentStep })),
);

export function CheckoutPage({
  orderId,
  guard = (children) => children,
}: {
  orderId?: string | undefined;
  guard?: (children: ReactNode) => ReactNode;
}) {
  const { user } = useCustomer();
  return (
    <main id="main" className={frame.page}>
      <h1 className={frame.title}>
        <Trans>Checkout</Trans>
      </h1>
      {user ? <Checkout userId={user._id} orderId={orderId} guard={guard} /> : null}
    </main>
  );
}

function Checkout({
  userId,
  orderId,
  guard,
}: {
  userId: string;
  orderId: string | undefined;
  guard: (children: ReactNode) => ReactNode;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const attempt = useCheckoutAttempt(userId, orderId);
  const { phase, finish, drop } = attempt;
  // Decided once, as the stored attempt is read: a guard that came and went would remount the form.
  const [guarded, setGuarded] = useState<boolean | null>(null);
  if (guarded === null && phase.name !== 'loading') {
    setGuarded(!orderId && phase.name === 'form');
  }

  const onPaid = useCallback(
    async (paidOrderId: string) => {
      await finish(paidOrderId);
      await navigate({ to: '/order-success', search: { orderId: paidOrderId }, replace: true });
    },
    [finish, navigate],
  );

  if (phase.name === 'loading' || guarded === null) {
    return <Spinner label={i18n._(msg`Loading checkout`)} />;
  }
  const content =
    phase.name === 'payment' ? (
      <Suspense fallback={<Spinner label={i18n._(msg`Loading the payment step`)} />}>
        <PaymentStep
          orderId={phase.orderId}
          orderNumber={phase.orderNumber}
          onPaid={(id) => void onPaid(id)}
          onClosed={(id) => void drop(id)}
        />
      </Suspense>
    ) : (
      <Suspense fallback={<div className={styles.formSpace} aria-busy="true" />}>
        <CheckoutForm
          phase={phase}
          refusal={attempt.refusal}
          resumedBody={attempt.resumedBody}
          onPlace={(body) => {
            void loadPaymentStep().catch(() => undefined);
            void attempt.place(body);
          }}
          onRetry={() => void attempt.retry()}
        />
      </Suspense>
    );
  return <>{guarded ? guard(content) : content}</>;
}
