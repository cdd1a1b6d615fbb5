/**
 * The page of a back-in-stock alert's unsubscribe link: nothing happens on load (mail scanners
 * open links); the button ends the alert and shows the server's message; a used link says so.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { frenchI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { StockAlertUnsubscribePage } from '../stock-alert-unsubscribe-page.tsx';

const server = setupMswServer();
const TOKEN = 'S'.repeat(43);
const STOP = api(`/stock-alerts/unsubscribe/${TOKEN}`);

afterEach(cleanup);

test('acts only on the button, then shows the server’s message', async () => {
  let calls = 0;
  server.use(
    http.post(STOP, () => {
      calls += 1;
      return HttpResponse.json({ success: true, message: "Done: we won't e-mail you." });
    }),
  );
  renderWithProviders(<StockAlertUnsubscribePage token={TOKEN} />);
  const button = await screen.findByRole('button', { name: 'Stop this alert' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toBe(0);

  fireEvent.click(button);
  const status = await screen.findByRole('status');
  expect(status.textContent).toBe("Done: we won't e-mail you.");
  expect(document.activeElement).toBe(status);
  expect(calls).toBe(1);
  expect(screen.queryByRole('button', { name: 'Stop this alert' })).toBeNull();
});

test('a used or unknown link says so', async () => {
  server.use(
    http.post(STOP, () =>
      HttpResponse.json(
        {
          success: false,
          code: 'token_invalid',
          message: 'This alert has already ended.',
          errors: [{ path: 'params.token', message: 'This alert has already ended.' }],
        },
        { status: 404 },
      ),
    ),
  );
  renderWithProviders(<StockAlertUnsubscribePage token={TOKEN} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Stop this alert' }));
  expect((await screen.findByRole('alert')).textContent).toBe('This alert has already ended.');
});

test('in French, a used link says so in French (the server writes English)', async () => {
  server.use(
    http.post(STOP, () =>
      HttpResponse.json(
        { success: false, code: 'token_invalid', message: 'This alert has already ended.' },
        { status: 404 },
      ),
    ),
  );
  renderWithProviders(<StockAlertUnsubscribePage token={TOKEN} />, { i18n: frenchI18n });
  fireEvent.click(await screen.findByRole('button', { name: 'Annuler cette alerte' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Ce lien ou ce code n’est pas valide.',
  );
});
