/**
 * Saved addresses on the profile: added with the checkout's fields (the server's field errors
 * beside them), edited, made the default and deleted only after a confirmation; the list shown is
 * read again after each change (the same entry the checkout reads).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { postalCodeMismatchMessage } from '../../../../../contract/checkout-rules.ts';
import { SAVED_ADDRESSES_QUERY_KEY } from '../../../../lib/query-keys.ts';
import { clearUser } from '../../../../stores/customer.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { ProfilePage } from '../profile-page.tsx';
import { COTTAGE, HOME, profileApi, refusal, sentBodies } from './profile-server.ts';

// happy-dom has no IndexedDB: the profile's wishlist section keeps its outbox in memory here.
vi.mock(
  '../../../../lib/outbox/browser.ts',
  () => import('../../../../testing/memory-outbox-browser.ts'),
);

const server = setupMswServer();

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  clearUser();
  toastState.toasts.splice(0);
});

const section = () => screen.getByRole('region', { name: 'Saved addresses' });
const items = () => within(section()).queryAllByRole('listitem');
const itemOf = (name: string) =>
  items().find((item) => within(item).queryByRole('heading', { name: new RegExp(name) }))!;
const fill = (form: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(within(form).getByLabelText(label, { exact: true }), { target: { value } });
  }
};
const errorOf = (form: HTMLElement, label: string) => {
  const field = within(form).getByLabelText(label, { exact: true });
  const id = field.getAttribute('aria-describedby')?.split(' ')[0];
  return field.getAttribute('aria-invalid') === 'true' && id
    ? document.getElementById(id)?.textContent
    : null;
};

async function renderProfile(addresses = [HOME, COTTAGE]) {
  const shop = profileApi({ addresses });
  server.use(...shop.handlers);
  const rendered = renderWithProviders(<ProfilePage />);
  await screen.findByRole('heading', { name: 'Saved addresses' });
  if (addresses.length) await waitFor(() => expect(items()).toHaveLength(addresses.length));
  return { ...rendered, shop };
}

test('lists the addresses, the default marked', async () => {
  await renderProfile();
  const home = itemOf(HOME.name);
  expect(within(home).getByText('Default')).toBeTruthy();
  expect(within(home).queryByRole('button', { name: 'Make default' })).toBeNull();
  expect(within(itemOf(COTTAGE.name)).getByText(/Cabin 4/)).toBeTruthy();
});

test('adds an address: the server’s field errors beside the fields, then the new list', async () => {
  const { shop } = await renderProfile();
  let refused = false;
  server.use(
    http.post(api('/user/addresses'), () => {
      if (refused) return;
      refused = true;
      return refusal(400, 'Some fields are not valid.', {
        postalCode: 'must be a Canadian postal code such as A1A 1A1',
      });
    }),
  );
  fireEvent.click(within(section()).getByRole('button', { name: 'Add address' }));
  const form = await within(section()).findByRole('form', { name: 'New address' });

  fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
  await waitFor(() => expect(errorOf(form, 'Full name')).toBe('Is required.'));
  expect(errorOf(form, 'Province')).toBeTruthy();
  expect(await sentBodies(server.requests, 'POST', '/user/addresses')).toEqual([]);

  fill(form, {
    'Full name': 'Ann at work',
    Address: '1 Yonge St',
    City: 'Toronto',
    Province: 'ON',
    'Postal code': 'm5e1w7',
    Phone: '416 555 0111',
  });
  fireEvent.click(within(form).getByLabelText('Use as my default address'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
  await waitFor(() =>
    expect(errorOf(form, 'Postal code')).toBe('Must be a Canadian postal code such as A1A 1A1.'),
  );
  expect(within(form).getByText('Some fields are not valid.')).toBeTruthy();

  fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));
  await waitFor(() => expect(items()).toHaveLength(3));
  const bodies = await sentBodies(server.requests, 'POST', '/user/addresses');
  expect(bodies[1]).toEqual({
    name: 'Ann at work',
    line1: '1 Yonge St',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5E 1W7',
    country: 'CA',
    phone: '416-555-0111',
    isDefault: true,
  });
  expect(within(itemOf('Ann at work')).getByText('Default')).toBeTruthy();
  expect(shop.state.addresses).toHaveLength(3);
  expect(within(section()).queryByRole('form')).toBeNull();
});

test('edits an address: an emptied second line is cleared', async () => {
  await renderProfile();
  fireEvent.click(within(itemOf(COTTAGE.name)).getByRole('button', { name: 'Edit' }));
  const form = await within(section()).findByRole('form', {
    name: `Edit address: ${COTTAGE.name}`,
  });
  expect((within(form).getByLabelText('City') as HTMLInputElement).value).toBe('Huntsville');

  fill(form, { City: 'Bracebridge', 'Apartment, suite, etc. (optional)': '' });
  fireEvent.click(within(form).getByRole('button', { name: 'Save address' }));

  await waitFor(() => expect(within(itemOf(COTTAGE.name)).getByText(/Bracebridge/)).toBeTruthy());
  expect(within(itemOf(COTTAGE.name)).queryByText(/Cabin 4/)).toBeNull();
  const [body] = (await sentBodies(server.requests, 'PATCH', `/user/addresses/${COTTAGE.id}`)) as [
    Record<string, unknown>,
  ];
  expect(body).toMatchObject({ city: 'Bracebridge', line2: null });
});

test('makes an address the default', async () => {
  await renderProfile();
  fireEvent.click(within(itemOf(COTTAGE.name)).getByRole('button', { name: 'Make default' }));
  await waitFor(() => expect(within(itemOf(COTTAGE.name)).queryByText('Default')).toBeTruthy());
  expect(within(itemOf(HOME.name)).queryByText('Default')).toBeNull();
  expect(await sentBodies(server.requests, 'PATCH', `/user/addresses/${COTTAGE.id}`)).toEqual([
    { isDefault: true },
  ]);
});

test('a refused default change shows the server’s message', async () => {
  await renderProfile();
  server.use(
    http.patch(api('/user/addresses/:addressId'), () =>
      refusal(404, 'This address no longer exists.'),
    ),
  );
  fireEvent.click(within(itemOf(COTTAGE.name)).getByRole('button', { name: 'Make default' }));
  expect((await within(section()).findByRole('alert')).textContent).toBe(
    'This address no longer exists.',
  );
});

test('deletes an address only once the dialog is confirmed', async () => {
  const { queryClient } = await renderProfile();
  fireEvent.click(within(itemOf(COTTAGE.name)).getByRole('button', { name: 'Delete' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await sentBodies(server.requests, 'DELETE', /^\/user\/addresses\//)).toHaveLength(0);

  fireEvent.click(within(itemOf(COTTAGE.name)).getByRole('button', { name: 'Delete' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete address' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(items()).toHaveLength(1);
  // The dialog's opener is gone with its address: focus starts again at the section.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved addresses' }));
  expect(
    server.requests.filter((request) => request.method === 'DELETE').map((r) => r.url),
  ).toEqual([api(`/user/addresses/${COTTAGE.id}`)]);
  // The checkout reads the same entry: it holds what is left.
  expect(queryClient.getQueryData(SAVED_ADDRESSES_QUERY_KEY)).toEqual([HOME]);
});

test('a postal code outside the province is said beside it before saving', async () => {
  await renderProfile();
  fireEvent.click(within(section()).getByRole('button', { name: 'Add address' }));
  const form = await within(section()).findByRole('form', { name: 'New address' });
  fill(form, { 'Postal code': 'H2X 1Y4' });
  expect(errorOf(form, 'Postal code')).toBeNull();

  // The province changes with the code already typed…
  fill(form, { Province: 'AB' });
  expect(errorOf(form, 'Postal code')).toBe(postalCodeMismatchMessage('H2X 1Y4', 'AB'));
  fill(form, { Province: 'QC' });
  expect(errorOf(form, 'Postal code')).toBeNull();

  // …and the code is left after being changed.
  fill(form, { 'Postal code': 'T2P 1J9' });
  fireEvent.blur(within(form).getByLabelText('Postal code', { exact: true }));
  expect(errorOf(form, 'Postal code')).toBe(
    'Postal code T2P 1J9 is in Alberta, not Quebec. Check the postal code or the province.',
  );
  expect(await sentBodies(server.requests, 'POST', '/user/addresses')).toEqual([]);
});
