/**
 * "Create an account" for a guest: one password checked beside its field before anything is
 * sent; a 201 stores the signed-in account (no longer a guest) and says so; a 202 shows the
 * server's message about the link sent to the account; refusals go beside the field or above the
 * button. Offered to a guest session, and on an order link while its order's owner is a guest.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { GuestSessionAccountOffer, OrderLinkAccountOffer } from '../create-account-offer.tsx';

const server = setupMswServer();

const GUEST = {
  _id: 'usr_guest',
  name: 'Maya Chen',
  email: 'maya@example.com',
  role: 'customer' as const,
  guest: true,
};
const TOKEN = 'T'.repeat(43);
const CREATED = 'Your account is ready, and your orders are in My Orders.';
const LINK_SENT =
  'maya@example.com already has an account. We have sent a link to maya@example.com: open it to add your guest orders to that account.';

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = { ...GUEST };
  customerState.guestCart.guestCartId = null;
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

const form = () => screen.findByRole('form', { name: 'Create an account' });
const passwordField = (element: HTMLElement) =>
  within(element).getByLabelText('Password') as HTMLInputElement;
const submit = (element: HTMLElement) =>
  fireEvent.click(within(element).getByRole('button', { name: 'Create my account' }));
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

test('is offered to a guest session only, with the password rules shown beside the field', async () => {
  renderWithProviders(<GuestSessionAccountOffer />);
  expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeTruthy();
  const password = passwordField(await form());
  expect(password.type).toBe('password');
  expect(password.autocomplete).toBe('new-password');
  expect(describedText(password)).toBe('At least 8 characters, with a letter and a digit.');
  cleanup();

  customerState.auth.user = { ...GUEST, guest: false };
  renderWithProviders(<GuestSessionAccountOffer />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('heading', { name: 'Create an account' })).toBeNull();
});

test('checks the password beside its field and sends nothing until it follows the rules', async () => {
  let sent = 0;
  server.use(
    http.post(api('/user/auth/guest/account'), () => {
      sent += 1;
      return HttpResponse.json({ success: true, message: CREATED, user: GUEST }, { status: 201 });
    }),
  );
  renderWithProviders(<GuestSessionAccountOffer />);
  const element = await form();
  const password = passwordField(element);
  fireEvent.change(password, { target: { value: 'no-digits-here' } });
  submit(element);
  await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  expect(describedText(password)).toBe(
    'Password must contain at least one digit. | At least 8 characters, with a letter and a digit.',
  );
  expect(document.activeElement).toBe(password);
  expect(sent).toBe(0);
});

test('201: the account is stored as signed in (no longer a guest), and the page says so', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/user/auth/guest/account'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(
        { success: true, message: CREATED, user: { ...GUEST, guest: false } },
        { status: 201 },
      );
    }),
  );
  renderWithProviders(<GuestSessionAccountOffer />);
  const element = await form();
  fireEvent.change(passwordField(element), { target: { value: 'Guest-turned-9' } });
  submit(element);

  const status = await screen.findByRole('status');
  expect(status.textContent).toBe(CREATED);
  await waitFor(() => expect(document.activeElement).toBe(status));
  expect(bodies).toEqual([{ password: 'Guest-turned-9' }]);
  expect(customerState.auth.user).toEqual({
    _id: 'usr_guest',
    name: 'Maya Chen',
    email: 'maya@example.com',
    role: 'customer',
  });
  // The section stays, with the way to the account, though its user is no guest any more.
  expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile/me');
  expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
  expect(screen.queryByRole('form', { name: 'Create an account' })).toBeNull();
});

test('202 from an order link: the server’s message about the link sent, and nobody signed in', async () => {
  customerState.auth.user = null;
  const urls: string[] = [];
  server.use(
    http.post(api(`/order-links/${TOKEN}/account`), ({ request }) => {
      urls.push(new URL(request.url).pathname);
      return HttpResponse.json({ success: true, message: LINK_SENT }, { status: 202 });
    }),
  );
  renderWithProviders(<OrderLinkAccountOffer token={TOKEN} offered />);
  const element = await form();
  fireEvent.change(passwordField(element), { target: { value: 'Guest-turned-9' } });
  submit(element);
  const status = await screen.findByRole('status');
  expect(status.textContent).toBe(LINK_SENT);
  expect(urls).toEqual([`/api/v1/order-links/${TOKEN}/account`]);
  expect(customerState.auth.user).toBeNull();
  expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
});

test('an order link whose order is an account’s offers nothing', async () => {
  renderWithProviders(<OrderLinkAccountOffer token={TOKEN} offered={false} />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('heading', { name: 'Create an account' })).toBeNull();
});

test('the server’s refusals: beside the field when it names it, above the button otherwise', async () => {
  let answer = () =>
    HttpResponse.json(
      {
        success: false,
        code: 'validation',
        message: 'Password must be at most 128 characters.',
        errors: [{ path: 'body.password', message: 'Password must be at most 128 characters.' }],
      },
      { status: 400 },
    );
  server.use(http.post(api('/user/auth/guest/account'), () => answer()));
  renderWithProviders(<GuestSessionAccountOffer />);
  const element = await form();
  const password = passwordField(element);
  fireEvent.change(password, { target: { value: 'Guest-turned-9' } });
  submit(element);
  await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  expect(describedText(password)).toContain('Password must be at most 128 characters.');

  answer = () =>
    HttpResponse.json(
      {
        success: false,
        code: 'rate_limited',
        message: 'Too many attempts. Please wait 60 minutes and try again.',
      },
      { status: 429 },
    );
  submit(element);
  const failure = await within(element).findByText(
    'Too many attempts. Please wait 60 minutes and try again.',
  );
  expect(failure.getAttribute('role')).toBe('alert');
  expect(customerState.auth.user).toMatchObject({ guest: true });
});

test('opened at #create-account, the password field is focused', async () => {
  window.history.replaceState(null, '', '/order-link/x#create-account');
  renderWithProviders(<OrderLinkAccountOffer token={TOKEN} offered />);
  const element = await form();
  expect(element.closest('section')?.id).toBe('create-account');
  await waitFor(() => expect(document.activeElement).toBe(passwordField(element)));
});
