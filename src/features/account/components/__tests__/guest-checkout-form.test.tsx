/**
 * "Check out as a guest" on the sign-in screen: offered only on the way to the checkout, the
 * address checked beside its field before anything is sent, and a guest session stored and the
 * checkout opened once the server starts one.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { LoginForm } from '../login-form.tsx';

const server = setupMswServer();

const GUEST = {
  _id: 'usr_guest',
  name: 'Guest',
  email: 'maya@example.com',
  role: 'customer',
  guest: true,
};

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
  customerState.guestCart.guestCartId = null;
});
afterEach(cleanup);

const guestForm = () => screen.findByRole('form', { name: 'Check out as a guest' });
const emailField = (form: HTMLElement) =>
  within(form).getByLabelText('Email for your order') as HTMLInputElement;

test('is offered on the way to the checkout only', async () => {
  renderWithProviders(<LoginForm redirect="/checkout" />);
  expect(await screen.findByRole('heading', { name: 'Check out as a guest' })).toBeTruthy();
  expect(document.activeElement).not.toBe(emailField(await guestForm()));
  cleanup();

  renderWithProviders(<LoginForm redirect="/my-orders" />);
  await screen.findByRole('form', { name: 'Sign in' });
  expect(screen.queryByRole('form', { name: 'Check out as a guest' })).toBeNull();
});

test('starts at its e-mail field when the shopper chose it in the cart', async () => {
  renderWithProviders(<LoginForm redirect="/checkout" guest />);
  const form = await guestForm();
  expect(document.activeElement).toBe(emailField(form));
});

test('checks the address beside its field and sends nothing until it is one', async () => {
  let sent = 0;
  server.use(
    http.post(api('/user/auth/guest'), () => {
      sent += 1;
      return HttpResponse.json({ success: true, message: 'ok', user: GUEST }, { status: 201 });
    }),
  );
  renderWithProviders(<LoginForm redirect="/checkout" />);
  const form = await guestForm();
  const email = emailField(form);
  fireEvent.change(email, { target: { value: 'not-an-address' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue as guest' }));
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = email.getAttribute('aria-describedby')?.split(' ')[0];
  expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
    'Enter a valid email address.',
  );
  expect(sent).toBe(0);
  expect(customerState.auth.user).toBeNull();
});

test('stores the guest session and opens the checkout', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/user/auth/guest'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: true, message: 'ok', user: GUEST }, { status: 201 });
    }),
  );
  const { router } = renderWithProviders(<LoginForm redirect="/checkout" />, { path: '/login' });
  const form = await guestForm();
  fireEvent.change(emailField(form), { target: { value: ' Maya@Example.com ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue as guest' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  expect(bodies).toEqual([{ email: 'maya@example.com' }]);
  expect(customerState.auth.user).toEqual({
    _id: 'usr_guest',
    name: 'Guest',
    email: 'maya@example.com',
    role: 'customer',
    guest: true,
  });
});

test('shows the server’s refusal and stays signed out', async () => {
  server.use(
    http.post(api('/user/auth/guest'), () =>
      HttpResponse.json(
        {
          success: false,
          code: 'rate_limited',
          message: 'Too many requests. Please try again in 60 minutes.',
        },
        { status: 429 },
      ),
    ),
  );
  renderWithProviders(<LoginForm redirect="/checkout" />);
  const form = await guestForm();
  fireEvent.change(emailField(form), { target: { value: 'maya@example.com' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue as guest' }));
  const failure = await within(form).findByText(
    'Too many requests. Please try again in 60 minutes.',
  );
  expect(failure.getAttribute('role')).toBe('alert');
  expect(customerState.auth.user).toBeNull();
});
