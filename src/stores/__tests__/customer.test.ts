import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  clearGuestCartId,
  customerState,
  hydrateCustomer,
  initGuestCartIdFromStorage,
  setGuestCartId,
  setUser,
} from '../customer.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
  customerState.guestCart.guestCartId = null;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('guest cart id rules', () => {
  test('set writes state and local storage; clear removes both', () => {
    setGuestCartId('g-1');
    expect(customerState.guestCart.guestCartId).toBe('g-1');
    expect(localStorage.getItem('guestCartId')).toBe('g-1');
    clearGuestCartId();
    expect(customerState.guestCart.guestCartId).toBeNull();
    expect(localStorage.getItem('guestCartId')).toBeNull();
  });

  test('init takes the stored id only when the state holds none', () => {
    localStorage.setItem('guestCartId', 'from-storage');
    initGuestCartIdFromStorage();
    expect(customerState.guestCart.guestCartId).toBe('from-storage');
    customerState.guestCart.guestCartId = 'in-state';
    initGuestCartIdFromStorage();
    expect(customerState.guestCart.guestCartId).toBe('in-state');
  });

  test('storage failures are logged as warnings and ignored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    });
    expect(() => setGuestCartId('g-2')).not.toThrow();
    expect(customerState.guestCart.guestCartId).toBe('g-2');
    expect(warn).toHaveBeenCalled();
  });
});

describe('persistence under customer-root', () => {
  test('hydrate restores { auth, guestCart } and persists later changes', async () => {
    localStorage.setItem(
      'customer-root',
      JSON.stringify({
        auth: { user: { _id: 'u1', name: 'Ana', email: 'a@b.ca' } },
        guestCart: { guestCartId: 'g-9' },
      }),
    );
    hydrateCustomer();
    expect(customerState.auth.user?.name).toBe('Ana');
    expect(customerState.guestCart.guestCartId).toBe('g-9');

    setUser({ _id: 'u2', name: 'Ben', email: 'b@c.ca', role: 'customer' });
    await flush();
    expect(JSON.parse(localStorage.getItem('customer-root') ?? '{}')).toEqual({
      auth: { user: { _id: 'u2', name: 'Ben', email: 'b@c.ca', role: 'customer' } },
      guestCart: { guestCartId: 'g-9' },
    });
  });

  test('after hydrate, the guest cart id another tab stores or removes is followed', async () => {
    hydrateCustomer();
    expect(customerState.guestCart.guestCartId).toBeNull();
    const otherTab = (newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: 'guestCartId', newValue }));
    otherTab('g-other-tab');
    expect(customerState.guestCart.guestCartId).toBe('g-other-tab');
    await flush();
    expect(JSON.parse(localStorage.getItem('customer-root') ?? '{}')).toMatchObject({
      guestCart: { guestCartId: 'g-other-tab' },
    });
    window.dispatchEvent(new StorageEvent('storage', { key: 'hasSeenCouponPopup', newValue: 'x' }));
    expect(customerState.guestCart.guestCartId).toBe('g-other-tab');
    otherTab(null);
    expect(customerState.guestCart.guestCartId).toBeNull();
  });

  test('unreadable persisted state is ignored with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('customer-root', '{not json');
    localStorage.setItem('guestCartId', 'g-own-key');
    hydrateCustomer();
    expect(customerState.auth.user).toBeNull();
    expect(customerState.guestCart.guestCartId).toBe('g-own-key');
    expect(warn).toHaveBeenCalled();
  });
});
