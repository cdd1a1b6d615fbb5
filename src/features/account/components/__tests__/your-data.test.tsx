/**
 * "Your data": the download saves the export as a JSON file, and "Delete my account" asks for the
 * password in a modal dialog (focus inside, Escape closes), names a wrong one beside the field, and
 * on success ends the session like a logout: home page, a toast, nothing private kept.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { clearUser, customerState } from '../../../../stores/customer.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { ProfilePage } from '../profile-page.tsx';
import { profileApi, refusal, sentBodies, SHOPPER } from './profile-server.ts';

// happy-dom has no IndexedDB: the profile's wishlist section keeps its outbox in memory here.
vi.mock(
  '../../../../lib/outbox/browser.ts',
  () => import('../../../../testing/memory-outbox-browser.ts'),
);

const server = setupMswServer();

const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  clearUser();
  toastState.toasts.splice(0);
  vi.restoreAllMocks();
});

const section = () => screen.getByRole('region', { name: 'Your data' });

test('"Download my data" saves the export as forge-nutrition-data.json', async () => {
  const exported = { exportedAt: '2026-11-25T12:00:00.000Z', account: SHOPPER, addresses: [] };
  server.use(
    ...profileApi().handlers,
    http.get(api('/user/profile/me/export'), () => HttpResponse.json(exported)),
  );
  const blobs: Blob[] = [];
  const saved: { href: string; download: string }[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:export-1';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.getAttribute('href')!, download: this.download });
  });
  renderWithProviders(<ProfilePage />);
  await screen.findByRole('heading', { name: 'Your data' });

  fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));

  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toEqual({ href: 'blob:export-1', download: 'forge-nutrition-data.json' });
  expect(blobs[0]!.type).toBe('application/json');
  expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
});

test('a failed download says so', async () => {
  server.use(
    ...profileApi().handlers,
    http.get(api('/user/profile/me/export'), () => refusal(503, 'The shop is busy.')),
  );
  renderWithProviders(<ProfilePage />);
  await screen.findByRole('heading', { name: 'Your data' });
  fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
  expect((await within(section()).findByRole('alert')).textContent).toBe('The shop is busy.');
});

test('the delete dialog is modal, takes focus and closes with Escape, sending nothing', async () => {
  server.use(...profileApi().handlers);
  renderWithProviders(<ProfilePage />);
  await screen.findByRole('heading', { name: 'Your data' });
  const opener = within(section()).getByRole('button', { name: 'Delete my account' });
  opener.focus();
  fireEvent.click(opener);

  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(document.activeElement).toBe(within(dialog).getByLabelText('Password'));

  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(document.activeElement).toBe(opener);
  expect(await sentBodies(server.requests, 'POST', '/user/profile/me/delete')).toEqual([]);
  expect(customerState.auth.user?._id).toBe(SHOPPER._id);
});

test('deleting the account: a wrong password beside the field, then signed out at home', async () => {
  const DELETED = 'Your account has been deleted.';
  server.use(
    ...profileApi().handlers,
    http.post(api('/user/profile/me/delete'), async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      return password === 'forge-strong-42'
        ? HttpResponse.json({ success: true, message: DELETED })
        : refusal(400, 'Password is incorrect.', { password: 'Password is incorrect.' });
    }),
  );
  const { router } = renderWithProviders(<ProfilePage />, { path: '/profile/me' });
  await screen.findByRole('heading', { name: 'Your data' });
  fireEvent.click(within(section()).getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
  const confirm = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));

  confirm();
  await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  expect(await sentBodies(server.requests, 'POST', '/user/profile/me/delete')).toEqual([]);

  fireEvent.change(password, { target: { value: 'wrong' } });
  confirm();
  await waitFor(() =>
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Password is incorrect.',
    ),
  );
  expect(customerState.auth.user).not.toBeNull();

  fireEvent.change(password, { target: { value: 'forge-strong-42' } });
  confirm();
  await waitFor(() => expect(customerState.auth.user).toBeNull());
  expect(router.state.location.pathname).toBe('/');
  expect(toastState.toasts.map((item) => item.message)).toContain(DELETED);
  expect(await sentBodies(server.requests, 'POST', '/user/profile/me/delete')).toEqual([
    { password: 'wrong' },
    { password: 'forge-strong-42' },
  ]);
});

test('an account with open orders is kept: the refusal naming them shows in the dialog', async () => {
  const OPEN =
    'Your account cannot be deleted while orders are still open: FN-10001 (Paid). Cancel them, or wait until they are delivered, then delete the account.';
  server.use(
    ...profileApi().handlers,
    http.post(api('/user/profile/me/delete'), () => refusal(409, OPEN)),
  );
  renderWithProviders(<ProfilePage />, { path: '/profile/me' });
  await screen.findByRole('heading', { name: 'Your data' });
  fireEvent.click(within(section()).getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  fireEvent.change(within(dialog).getByLabelText('Password'), {
    target: { value: 'forge-strong-42' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
  expect(await within(dialog).findByText(OPEN)).toBeTruthy();
  expect(customerState.auth.user?._id).toBe(SHOPPER._id);
});
