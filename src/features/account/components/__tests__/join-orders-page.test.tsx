/**
 * The page of the "Add your guest orders to your account" e-mail: nothing happens on load (mail
 * scanners open links), the button adds the orders and shows the server's message, and a dead
 * link says so with a way to sign in.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { JoinOrdersPage } from '../join-orders-page.tsx';

const server = setupMswServer();
const TOKEN = 'J'.repeat(43);
const INVALID =
  'This link is invalid, has expired or has already been used. Sign in to see the orders of your account.';

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
});
afterEach(cleanup);

test('acts only on the button, then shows how many orders were added', async () => {
  let calls = 0;
  server.use(
    http.post(api(`/user/auth/join-orders/${TOKEN}`), () => {
      calls += 1;
      return HttpResponse.json({
        success: true,
        message: '2 orders were added to your account. Sign in to see them in My Orders.',
      });
    }),
  );
  renderWithProviders(<JoinOrdersPage token={TOKEN} />);
  expect(
    await screen.findByRole('heading', { name: 'Add your guest orders to your account' }),
  ).toBeTruthy();
  const button = screen.getByRole('button', { name: 'Add the orders to my account' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toBe(0);

  fireEvent.click(button);
  const status = await screen.findByRole('status');
  expect(status.textContent).toBe(
    '2 orders were added to your account. Sign in to see them in My Orders.',
  );
  expect(document.activeElement).toBe(status);
  expect(calls).toBe(1);
  expect(screen.getByRole('link', { name: 'Sign in to see them' }).getAttribute('href')).toBe(
    '/login?redirect=%2Fmy-orders',
  );
  expect(screen.queryByRole('button', { name: 'Add the orders to my account' })).toBeNull();
});

test('a used, expired or unknown link says so, with a link to sign in', async () => {
  server.use(
    http.post(api(`/user/auth/join-orders/${TOKEN}`), () =>
      HttpResponse.json(
        {
          success: false,
          code: 'token_invalid',
          message: INVALID,
          errors: [{ path: 'params.token', message: INVALID }],
        },
        { status: 400 },
      ),
    ),
  );
  renderWithProviders(<JoinOrdersPage token={TOKEN} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add the orders to my account' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(INVALID);
  expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add the orders to my account' })).toBeNull();
});

test('another failure keeps the button to try again', async () => {
  server.use(
    http.post(api(`/user/auth/join-orders/${TOKEN}`), () =>
      HttpResponse.json(
        {
          success: false,
          code: 'rate_limited',
          message: 'Too many attempts. Please wait 15 minutes and try again.',
        },
        { status: 429 },
      ),
    ),
  );
  renderWithProviders(<JoinOrdersPage token={TOKEN} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add the orders to my account' }));
  expect(
    (
      await screen.findByText('Too many attempts. Please wait 15 minutes and try again.')
    ).getAttribute('role'),
  ).toBe('alert');
  expect(screen.getByRole('button', { name: 'Add the orders to my account' })).toBeTruthy();
});
