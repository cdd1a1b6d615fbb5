/**
 * Checkout and orders in French (Quebec): the checkout's summary with French money and tax names
 * (TPS, TVQ), the province list, the payment step, and an order's details with its status texts,
 * read from the French catalog (src/locales/fr-CA.ts).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ReactNode } from 'react';
import { clearCheckoutAttempts } from '../../../../lib/checkout/checkout-attempt.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import {
  ADDRESS,
  cartWithLine,
  makeOrder,
  makePayment,
  makeQuote,
  ok,
  savedCardsHandler,
  USER,
} from '../../__tests__/fixtures.ts';
import { CheckoutPage } from '../checkout-page.tsx';
import { OrderDetailsPage } from '../order-details-page.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

const NBSP = '\u00a0';
const server = setupMswServer();

function renderInFrench(ui: ReactNode, path: string) {
  return renderWithProviders(ui, { path, i18n: frenchI18n });
}

/** Testing Library reads a no-break space as a space: a text to find, as it matches. */
const spaced = (text: string) => text.replaceAll(NBSP, ' ');

const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLSelectElement;

function describedText(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  customerState.auth.user = USER;
});
afterEach(async () => {
  cleanup();
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

describe('checkout in French', () => {
  test('the summary in French money, with the TPS and the TVQ of a Quebec address', async () => {
    server.use(
      savedCardsHandler(),
      http.get(api('/cart'), () => HttpResponse.json(ok(cartWithLine()))),
      http.get(api('/user/addresses'), () => HttpResponse.json(ok([]))),
      http.post(api('/checkout/quote'), async ({ request }) => {
        const body = (await request.json()) as { shippingAddress?: { province: string } };
        return HttpResponse.json(ok(makeQuote(body.shippingAddress?.province ?? 'QC')));
      }),
    );
    renderInFrench(<CheckoutPage />, '/checkout');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Passer la commande',
    );
    await screen.findByRole('form', { name: 'Passer la commande' });
    expect(screen.getByRole('group', { name: 'Adresse de livraison' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Mode de livraison' })).toBeTruthy();
    expect(screen.getByText('Livraison standard (3 à 7 jours ouvrables)')).toBeTruthy();
    // Province names as Quebec writes them; the values stay the codes.
    const province = field('Province') as HTMLSelectElement;
    const options = Array.from(province.options).map((option) => option.textContent);
    expect(options).toContain('Québec');
    expect(options).toContain('Colombie-Britannique');
    expect(options).toContain('Île-du-Prince-Édouard');
    expect(Array.from(province.options).find((o) => o.value === 'QC')?.textContent).toBe('Québec');

    const summary = screen.getByRole('complementary', { name: 'Résumé de la commande' });
    expect((await within(summary).findByText('Sous-total')).nextElementSibling?.textContent).toBe(
      `89,98${NBSP}$`,
    );
    expect(within(summary).getByTestId('quote-status').textContent).toBe(
      'Entrez votre province et votre code postal pour voir la livraison et les taxes.',
    );

    fireEvent.change(province, { target: { value: 'QC' } });
    fireEvent.change(field('Code postal'), { target: { value: 'H2X 1Y4' } });
    const tvq = await within(summary).findByText(spaced(`TVQ (9,975${NBSP}%)`));
    expect(tvq.textContent).toBe(`TVQ (9,975${NBSP}%)`);
    const { totals } = makeQuote('QC');
    const money = (cents: number) => formatMoney(cents, 'fr-CA');
    expect(tvq.nextElementSibling?.textContent).toBe(money(totals.taxes[1]!.amount));
    expect(within(summary).getByText(spaced(`TPS (5${NBSP}%)`)).textContent).toBe(
      `TPS (5${NBSP}%)`,
    );
    expect(within(summary).getByText('Livraison').nextElementSibling?.textContent).toBe(
      money(totals.shipping),
    );
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toMatch(
      /^\d{2,3},\d{2}\u00a0\$$/,
    );
    expect(within(summary).getByTestId('quote-status').textContent).toBe(
      `Total ${money(totals.total)}, taxes incluses.`,
    );

    // The total to pay stands before the button, and describes it.
    const place = screen.getByRole('button', { name: 'Passer la commande' });
    await waitFor(() =>
      expect(describedText(place)).toBe(
        `Total avec livraison ${money(totals.shipping)}, TPS (5${NBSP}%) ` +
          `${money(totals.taxes[0]!.amount)} et TVQ (9,975${NBSP}%) ` +
          `${money(totals.taxes[1]!.amount)}${NBSP}: ${money(totals.total)}`,
      ),
    );
    // A postal code of another province, said in French with the provinces' French names.
    fireEvent.change(province, { target: { value: 'BC' } });
    fireEvent.blur(field('Code postal'));
    await waitFor(() =>
      expect(describedText(field('Code postal'))).toContain(
        `Code postal H2X 1Y4${NBSP}: Québec, et non Colombie-Britannique.`,
      ),
    );
  });

  test('the payment step: its status, the test cards and the amount to pay', async () => {
    const order = makeOrder();
    server.use(
      savedCardsHandler(),
      http.get(api('/orders/ord_1'), () => HttpResponse.json(ok(order))),
      http.get(api('/orders/ord_1/payment'), () =>
        HttpResponse.json(ok(makePayment({ amount: order.totals.total }))),
      ),
    );
    renderInFrench(<CheckoutPage orderId="ord_1" />, '/checkout?orderId=ord_1');
    expect(await screen.findByRole('heading', { name: 'Paiement' })).toBeTruthy();
    expect(
      screen.getByText('Votre commande FN-10001 attend votre paiement.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe(
      'En attente des renseignements de votre carte.',
    );
    const form = screen.getByRole('form', { name: 'Paiement test — aucune carte n’est débitée' });
    expect(within(form).getByText('4242 4242 4242 4242').parentElement?.textContent).toBe(
      '4242 4242 4242 4242 paie',
    );
    expect(within(form).getByLabelText('Numéro de carte')).toBeTruthy();
    expect(
      within(form).getByRole('button', {
        name: `Payer ${formatMoney(order.totals.total, 'fr-CA')}`,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Commande FN-10001' })).toBeTruthy();
    expect(screen.getByText(spaced(`TVH (13${NBSP}%)`)).textContent).toBe(`TVH (13${NBSP}%)`);
  });

  test('a refused order says why in French, with its short lines, not in the server’s English', async () => {
    server.use(
      savedCardsHandler(),
      http.get(api('/cart'), () => HttpResponse.json(ok(cartWithLine()))),
      http.get(api('/user/addresses'), () => HttpResponse.json(ok([]))),
      http.post(api('/checkout/quote'), () => HttpResponse.json(ok(makeQuote('ON')))),
      http.post(api('/orders'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'out_of_stock',
            message: 'Some items in your cart are no longer in stock as ordered.',
            lines: [{ variantId: 'var_1', name: 'Whey Protein Isolate', available: 1 }],
          },
          { status: 409 },
        ),
      ),
    );
    renderInFrench(<CheckoutPage />, '/checkout');
    await screen.findByRole('form', { name: 'Passer la commande' });
    const filled = { ...ADDRESS };
    fireEvent.change(field('Nom complet'), { target: { value: filled.name } });
    fireEvent.change(field('Adresse'), { target: { value: filled.line1 } });
    fireEvent.change(field('Ville'), { target: { value: filled.city } });
    fireEvent.change(field('Province'), { target: { value: filled.province } });
    fireEvent.change(field('Code postal'), { target: { value: filled.postalCode } });
    fireEvent.change(field('Téléphone'), { target: { value: filled.phone } });
    fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' }));
    const reason = await screen.findByText(
      'Certains articles ne sont plus en stock dans cette quantité.',
    );
    expect(reason.closest('[role="alert"]')!.textContent).toBe(
      'Certains articles ne sont plus en stock dans cette quantité.' +
        `Whey Protein Isolate${NBSP}: il n’en reste que 1`,
    );
  });
});

describe('an order in French', () => {
  test('its status, timeline, totals and payment', async () => {
    const order = makeOrder({
      status: 'shipped',
      canCancel: false,
      payment: makePayment({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } }),
      shipment: { carrier: 'Canada Post', trackingNumber: '7023 1234 5678' },
      events: [
        {
          type: 'placed',
          status: 'pending_payment',
          at: '2026-11-25T15:00:00.000Z',
          note: null,
          actor: 'shopper',
        },
        {
          type: 'paid',
          status: 'paid',
          at: '2026-11-25T15:02:00.000Z',
          note: null,
          actor: 'provider',
        },
        {
          type: 'shipped',
          status: 'shipped',
          at: '2026-11-26T15:00:00.000Z',
          note: null,
          actor: 'staff',
        },
      ],
    });
    server.use(http.get(api('/orders/ord_1'), () => HttpResponse.json(ok(order))));
    renderInFrench(<OrderDetailsPage orderId="ord_1" />, '/order/ord_1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commande FN-10001' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mes commandes' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Expédiée Passée le 25 novembre 2026 · 2 articles');
    const timeline = screen.getByRole('list', { name: 'État de la commande' });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((step) => step.querySelector('strong')?.textContent);
    expect(steps).toEqual([
      'Commande passée',
      'Paiement reçu',
      'En préparation (pas encore)',
      'Expédiée',
      'Livrée (pas encore)',
    ]);
    expect(within(timeline).getByText('Canada Post, numéro de suivi 7023 1234 5678')).toBeTruthy();
    expect(within(timeline).getAllByText(/novembre 2026/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Adresse de livraison' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Adresse de facturation' })).toBeTruthy();
    const totals = screen.getByRole('complementary', { name: 'Totaux' });
    expect(within(totals).getByText(spaced(`TVH (13${NBSP}%)`))).toBeTruthy();
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe(
      formatMoney(order.totals.total, 'fr-CA'),
    );
    expect(within(totals).getByText('Payée avec la carte Visa se terminant par 4242')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acheter de nouveau' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger la facture' })).toBeTruthy();
  });
});
