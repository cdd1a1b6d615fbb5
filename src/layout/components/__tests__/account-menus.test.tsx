/**
 * The account links of both menus: "Order desk" shows for staff only, "My Profile" for accounts
 * only (a guest checkout has none).
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { customerState, type AuthUser } from '../../../stores/customer.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { MobileMenu } from '../mobile-menu.tsx';
import { UserMenu } from '../user-menu.tsx';

const SHOPPER: AuthUser = { _id: 'usr_1', name: 'Ann', email: 'ann@example.com', role: 'customer' };
const STAFF: AuthUser = { _id: 'usr_2', name: 'Sam', email: 'sam@example.com', role: 'admin' };
const GUEST: AuthUser = {
  _id: 'usr_3',
  name: 'Guest',
  email: 'maya@example.com',
  role: 'customer',
  guest: true,
};

afterEach(() => {
  cleanup();
  customerState.auth.user = null;
});

async function userMenuItems(): Promise<string[]> {
  fireEvent.click(await screen.findByTestId('user-menu-button'));
  // The panel is a chunk of its own: it shows once loaded.
  return within(await screen.findByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('account menus', () => {
  test('the user menu: a shopper has no order desk', async () => {
    customerState.auth.user = SHOPPER;
    renderWithProviders(<UserMenu dark={false} />);
    expect(await userMenuItems()).toEqual(['My Profile', 'My Orders', 'Logout']);
  });

  test('the user menu: a guest checkout has its orders and no profile', async () => {
    customerState.auth.user = GUEST;
    renderWithProviders(<UserMenu dark={false} />);
    expect(await userMenuItems()).toEqual(['My Orders', 'Logout']);
  });

  test('the mobile menu: a guest checkout has its orders and no profile', async () => {
    customerState.auth.user = GUEST;
    renderWithProviders(<MobileMenu open onClose={() => {}} />);
    await screen.findByRole('link', { name: 'My Orders' });
    expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
  });

  test('the user menu: staff get "Order desk", a menu item like the others', async () => {
    customerState.auth.user = STAFF;
    renderWithProviders(<UserMenu dark={false} />);
    expect(await userMenuItems()).toEqual(['My Profile', 'My Orders', 'Order desk', 'Logout']);
    const desk = screen.getByRole('menuitem', { name: 'Order desk' });
    expect(desk.getAttribute('href')).toBe('/admin/orders');
    expect(desk.getAttribute('tabindex')).toBe('-1');
  });

  test('the mobile menu: the link for staff only', async () => {
    customerState.auth.user = SHOPPER;
    const first = renderWithProviders(<MobileMenu open onClose={() => {}} />);
    await screen.findByRole('link', { name: 'My Orders' });
    expect(screen.queryByRole('link', { name: 'Order desk' })).toBeNull();
    first.unmount();
    customerState.auth.user = STAFF;
    renderWithProviders(<MobileMenu open onClose={() => {}} />);
    expect((await screen.findByRole('link', { name: 'Order desk' })).getAttribute('href')).toBe(
      '/admin/orders',
    );
  });
});
