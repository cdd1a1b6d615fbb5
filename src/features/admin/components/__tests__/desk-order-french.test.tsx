/**
 * The staff's order desk in French (Quebec): one order's sections, its timeline, the payment and
 * the amounts in French money (112,97 $, no-break spaces), and the refund form's labels, read from
 * the French catalog (src/locales/fr-CA.ts).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { makeDeskOrder, ok, STAFF } from '../../__tests__/fixtures.ts';
import { DeskOrderPage } from '../desk-order-page.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

const server = setupMswServer();
const NBSP = '\u00a0';

beforeEach(() => {
  customerState.auth.user = { ...STAFF };
  server.use(http.get(api('/admin/orders/ord_1'), () => HttpResponse.json(ok(makeDeskOrder()))));
});
afterEach(() => {
  cleanup();
  customerState.auth.user = null;
});

function renderInFrench() {
  return renderWithProviders(<DeskOrderPage orderId="ord_1" />, {
    path: '/admin/orders/ord_1',
    i18n: frenchI18n,
  });
}

test('one order at the desk, in French', async () => {
  renderInFrench();
  expect(await screen.findByRole('heading', { name: 'Commande FN-10001' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Bureau des commandes' })).toBeTruthy();
  for (const name of ['Actions', 'Articles', 'Client', 'Historique', 'Totaux', 'Paiement']) {
    expect(screen.getByRole('heading', { name })).toBeTruthy();
  }
  expect(screen.getByRole('heading', { name: 'Adresse de livraison' })).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'Qté' })).toBeTruthy();

  const timeline = screen.getByRole('list', { name: 'Historique' });
  const steps = within(timeline)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(steps[0]).toContain('Commande passée');
  expect(steps[0]).toContain('par Client');
  expect(steps[1]).toContain('par Fournisseur de paiement');

  // Money as French writes it: a comma and a no-break space before the dollar sign.
  expect(screen.getByTestId('refundable').textContent).toBe(
    `Reste à rembourser${NBSP}: 112,97${NBSP}$`,
  );
  expect(screen.getByText(/Fournisseur de test · payé 112,97/)).toBeTruthy();
  expect(screen.getByText('Visa se terminant par 4242')).toBeTruthy();

  const refund = screen.getByRole('form', { name: 'Rembourser' });
  expect(within(refund).getByLabelText('Montant ($ CA)')).toBeTruthy();
  // textContent, not getByText: Testing Library's matcher turns no-break spaces into spaces.
  expect(refund.textContent).toContain(`Il reste jusqu’à 112,97${NBSP}$ à rembourser.`);
  expect(screen.getByRole('button', { name: 'Marquer en traitement' })).toBeTruthy();
});

test('a refund typed the French way, 12,50 or 1 012,50 $, goes in cents', async () => {
  const posted: unknown[] = [];
  server.use(
    http.post(api('/admin/orders/ord_1/refunds'), async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(ok(makeDeskOrder()));
    }),
  );
  renderInFrench();
  const form = await screen.findByRole('form', { name: 'Rembourser' });
  const amount = within(form).getByLabelText('Montant ($ CA)');
  const submit = within(form).getByRole('button', { name: 'Rembourser' });
  fireEvent.change(amount, { target: { value: 'dix' } });
  fireEvent.click(submit);
  expect(within(form).getByRole('alert').textContent).toBe(
    'Entrez un montant en dollars, comme 12,50.',
  );
  fireEvent.change(amount, { target: { value: '1 012,50 $' } });
  fireEvent.click(submit);
  // Above what is left (112,97 $): refused before sending, as in English.
  expect(within(form).getByRole('alert').textContent).toContain('112,97');
  expect(posted).toEqual([]);
  fireEvent.change(amount, { target: { value: '12,5' } });
  fireEvent.click(submit);
  await waitFor(() => expect(posted).toEqual([{ amount: 1250 }]));
});
