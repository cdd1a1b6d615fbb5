/**
 * The profile's personal details and e-mail: the phone is saved canonical and the server's field
 * errors land beside their fields; an e-mail change is only requested (the form says a link was
 * sent), and the mailed link's token is confirmed once, updates the stored user and leaves the URL.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { clearUser, customerState } from '../../../../stores/customer.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { ProfilePage } from '../profile-page.tsx';
import { profileApi, refusal, sentBodies, SHOPPER } from './profile-server.ts';

const server = setupMswServer();

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  clearUser();
  toastState.toasts.splice(0);
});

const input = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(input(scope, label), { target: { value } });

/** The details form once the profile (and so the phone) has been read: disabled until then. */
async function loadedDetails(): Promise<HTMLElement> {
  const details = () => screen.getByRole('form', { name: 'Personal details' });
  await waitFor(() => expect(input(details(), 'Phone').disabled).toBe(false));
  return details();
}

test('the phone is saved canonical with the name, and shown as the server stored it', async () => {
  const shop = profileApi();
  server.use(
    ...shop.handlers,
    http.patch(api('/user/profile/me'), async ({ request }) => {
      const body = (await request.json()) as { name: string; phone: string };
      shop.state.profile = { ...shop.state.profile, name: body.name, phone: body.phone || null };
      return HttpResponse.json({ success: true, data: shop.state.profile });
    }),
  );
  renderWithProviders(<ProfilePage />);
  expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeTruthy();
  expect(screen.getByTestId('profile-email').textContent).toBe(SHOPPER.email);
  const form = await loadedDetails();

  type(form, 'Name', 'Ann T.');
  type(form, 'Phone', '(416) 555 0188');
  fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));

  await waitFor(() => expect(input(form, 'Phone').value).toBe('416-555-0188'));
  expect(await sentBodies(server.requests, 'PATCH', '/user/profile/me')).toEqual([
    { name: 'Ann T.', phone: '416-555-0188' },
  ]);
  expect(customerState.auth.user?.name).toBe('Ann T.');
  expect(toastState.toasts.map((item) => item.message)).toContain('Your details have been saved.');
});

test('a phone the rules refuse is named beside the field and never sent', async () => {
  const shop = profileApi();
  server.use(...shop.handlers);
  renderWithProviders(<ProfilePage />);
  const form = await loadedDetails();

  type(form, 'Phone', '555');
  fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));

  const phone = input(form, 'Phone');
  await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
  const errorId = phone.getAttribute('aria-describedby')!.split(' ')[0]!;
  expect(document.getElementById(errorId)?.textContent).toMatch(/10-digit Canadian number/);
  expect(server.requests.some((request) => request.method === 'PATCH')).toBe(false);
});

test('an e-mail change is requested with the password and says a link was sent', async () => {
  const shop = profileApi();
  const SENT = 'We have sent a confirmation link to the new address.';
  server.use(
    ...shop.handlers,
    http.post(api('/user/profile/email'), async ({ request }) => {
      const body = (await request.json()) as { password: string };
      return body.password === 'right-password-1'
        ? HttpResponse.json({ success: true, message: SENT })
        : refusal(400, 'Password is incorrect.', { password: 'Password is incorrect.' });
    }),
  );
  renderWithProviders(<ProfilePage />);
  const form = await screen.findByRole('form', { name: 'Change e-mail' });

  type(form, 'New e-mail', ' Ann.New@Example.com ');
  type(form, 'Current password', 'wrong');
  fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
  const password = input(form, 'Current password');
  await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  expect(within(form).getAllByText('Password is incorrect.').length).toBeGreaterThan(0);

  type(form, 'Current password', 'right-password-1');
  fireEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
  expect((await within(form).findByRole('status')).textContent).toBe(SENT);
  expect(input(form, 'New e-mail').value).toBe('');
  expect(await sentBodies(server.requests, 'POST', '/user/profile/email')).toEqual([
    { newEmail: 'ann.new@example.com', password: 'wrong' },
    { newEmail: 'ann.new@example.com', password: 'right-password-1' },
  ]);
  // Nothing changes until the link is opened.
  expect(customerState.auth.user?.email).toBe(SHOPPER.email);
});

test('the mailed link is confirmed once, updates the stored user and leaves the URL', async () => {
  const shop = profileApi();
  const CHANGED = 'Your e-mail address has been changed. Sign in with it from now on.';
  server.use(
    ...shop.handlers,
    http.post(api('/user/profile/email/confirm'), () => {
      shop.state.profile = { ...shop.state.profile, email: 'ann.new@example.com' };
      return HttpResponse.json({ success: true, message: CHANGED });
    }),
  );
  const { router } = renderWithProviders(<ProfilePage confirmEmail="token-123" />, {
    path: '/profile/me?confirmEmail=token-123',
  });
  const historyLength = router.history.length;

  const notice = await screen.findByText(CHANGED, { exact: false });
  expect(notice.textContent).toContain('Your e-mail is now ann.new@example.com.');
  expect(customerState.auth.user?.email).toBe('ann.new@example.com');
  await waitFor(() => expect(router.state.location.href).toBe('/profile/me'));
  expect(router.history.length).toBe(historyLength);
  expect(await sentBodies(server.requests, 'POST', '/user/profile/email/confirm')).toEqual([
    { token: 'token-123' },
  ]);
  await waitFor(() =>
    expect(screen.getByTestId('profile-email').textContent).toBe('ann.new@example.com'),
  );
});

test('a used link shows the server’s reason and leaves the e-mail as it was', async () => {
  const shop = profileApi();
  const USED = 'This confirmation link has already been used.';
  server.use(
    ...shop.handlers,
    http.post(api('/user/profile/email/confirm'), () => refusal(410, USED, { token: USED })),
  );
  const { router } = renderWithProviders(<ProfilePage confirmEmail="old-token" />, {
    path: '/profile/me?confirmEmail=old-token',
  });

  expect((await screen.findByRole('alert')).textContent).toBe(USED);
  await waitFor(() => expect(router.state.location.search).toEqual({}));
  expect(customerState.auth.user?.email).toBe(SHOPPER.email);
});

test('a password change keeps registration’s rules and says other devices were signed out', async () => {
  server.use(
    ...profileApi().handlers,
    http.patch(api('/user/auth/change-password'), () =>
      HttpResponse.json({ success: true, message: 'Your password has been changed.' }),
    ),
  );
  renderWithProviders(<ProfilePage />);
  const form = await screen.findByRole('form', { name: 'Change password' });
  type(form, 'Current password', 'old-password-1');
  type(form, 'New password', 'lettersonly');
  type(form, 'Confirm new password', 'something-else');
  fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  await waitFor(() =>
    expect(input(form, 'New password').getAttribute('aria-invalid')).toBe('true'),
  );
  expect(input(form, 'Confirm new password').getAttribute('aria-invalid')).toBe('true');
  expect(await sentBodies(server.requests, 'PATCH', '/user/auth/change-password')).toEqual([]);

  type(form, 'New password', 'forge-strong-42');
  type(form, 'Confirm new password', 'forge-strong-42');
  fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect((await within(form).findByRole('status')).textContent).toMatch(
    /Every other device signed in to your account has been signed out/,
  );
  expect(await sentBodies(server.requests, 'PATCH', '/user/auth/change-password')).toEqual([
    { currentPassword: 'old-password-1', newPassword: 'forge-strong-42' },
  ]);
  expect(input(form, 'Current password').value).toBe('');
});
