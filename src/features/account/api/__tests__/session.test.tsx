import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearUser, customerState, setUser } from '../../../../stores/customer.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { useLogout } from '../logout.ts';
import {
  readCheckoutAttempt,
  writeCheckoutAttempt,
} from '../../../../lib/checkout/checkout-attempt.ts';
import { afterSignIn, afterSignOut } from '../session-effects.ts';
import { ORDERS_QUERY_KEY, PROFILE_QUERY_KEY } from '../../../../lib/query-keys.ts';

const server = setupMswServer();
const user = {
  _id: 'usr_1',
  name: 'Casey Gains',
  email: 'casey@example.ca',
  role: 'customer' as const,
};

beforeEach(() => clearUser());
afterEach(() => {
  cleanup();
  clearUser();
  toastState.toasts.splice(0);
});

describe('signing in', () => {
  test('stores the user and refreshes the cached cart, orders and profile', async () => {
    const queryClient = new QueryClient();
    for (const key of [['cart'], ORDERS_QUERY_KEY, PROFILE_QUERY_KEY, ['search', 'products']]) {
      queryClient.setQueryData(key, { cached: true });
    }
    await afterSignIn(queryClient, user);
    expect(customerState.auth.user).toEqual(user);
    const stale = (key: readonly string[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['cart'])).toBe(true);
    expect(stale(ORDERS_QUERY_KEY)).toBe(true);
    expect(stale(PROFILE_QUERY_KEY)).toBe(true);
    // The catalog is the same for everyone: it stays as it was.
    expect(stale(['search', 'products'])).toBe(false);
  });
});

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Logout
    </button>
  );
}

describe('logging out', () => {
  test("success: 'Logged out successfully.', home, no user and no cached server data", async () => {
    // happy-dom has no IndexedDB: clearing the offline copies warns and moves on.
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setUser(user);
    server.use(http.get(api('/user/auth/logout'), () => HttpResponse.json({ success: true })));
    const { router, queryClient } = renderWithProviders(<LogoutButton />, { path: '/my-orders' });
    queryClient.setQueryData(ORDERS_QUERY_KEY, []);
    const button = await screen.findByRole('button', { name: 'Logout' });
    await act(async () => fireEvent.click(button));
    await waitFor(() =>
      expect(toastState.toasts.map((item) => item.message)).toEqual(['Logged out successfully.']),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(customerState.auth.user).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    warned.mockRestore();
  });

  test("failure: 'Failed to log out.', and the shopper stays signed in where they were", async () => {
    setUser(user);
    server.use(
      http.get(api('/user/auth/logout'), () =>
        HttpResponse.json(
          { success: false, code: 'database_unavailable', message: 'Unavailable' },
          { status: 503 },
        ),
      ),
    );
    const { router } = renderWithProviders(<LogoutButton />, { path: '/my-orders' });
    const button = await screen.findByRole('button', { name: 'Logout' });
    await act(async () => fireEvent.click(button));
    await waitFor(() =>
      expect(toastState.toasts).toEqual([
        expect.objectContaining({ message: 'Failed to log out.', kind: 'error' }),
      ]),
    );
    expect(router.state.location.pathname).toBe('/my-orders');
    expect(customerState.auth.user).toEqual(user);
  });

  test('signing out forgets the stored checkout attempt, which holds the shopper’s address', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setUser(user);
    await writeCheckoutAttempt(user._id, {
      key: 'key-1',
      body: { addressId: 'addr_1', shippingMethod: 'standard' },
      createdAt: new Date().toISOString(),
    });
    await afterSignOut(new QueryClient());
    expect(await readCheckoutAttempt(user._id)).toBeNull();
    warned.mockRestore();
  });
});
