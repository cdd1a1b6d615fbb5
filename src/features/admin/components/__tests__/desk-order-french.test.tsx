/**
 * The staff's order desk in French (Quebec): one order's sections, its timeline, the payment and
 * the amounts in French money (112,97 $, no-break spaces), and the refund form's labels, read from
 * the French catalog (src/locales/fr-CA.ts).
 */
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { messages } from '../../../../locales/fr-CA.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { makeDeskOrder, ok, STAFF } from '../../__tests__/fixtures.ts';
import { DeskOrderPage } from '../desk-order-page.tsx';

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
  const i18n = setupI18n({ locale: 'fr-CA', messages: { 'fr-CA': messages } });
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <DeskOrderPage orderId="ord_1" />
          <Outlet />
        </>
      ),
      notFoundComponent: () => null,
    }),
    history: createMemoryHistory({ initialEntries: ['/admin/orders/ord_1'] }),
  });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
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
