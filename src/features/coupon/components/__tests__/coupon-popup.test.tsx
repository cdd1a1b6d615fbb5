import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { customerState } from '../../../../stores/customer.ts';
import { cartQueryKey, EMPTY_CART } from '../../../cart/api/index.ts';
import { CouponPopup } from '../coupon-popup.tsx';

const server = setupMswServer();

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function fill(name: string, email: string) {
  fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /get my code/i }));
  });
}

async function openAfterDelay() {
  renderWithProviders(<CouponPopup />);
  await advance(3000);
  await screen.findByRole('dialog');
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('coupon popup timing', () => {
  test('opens 3000 ms after a first visit, not before', async () => {
    renderWithProviders(<CouponPopup />);
    await advance(2900);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(100);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  test('waits while the shopper is in a field, and opens once they have left it', async () => {
    renderWithProviders(
      <>
        <input aria-label="Search" />
        <textarea aria-label="Message" />
        <select aria-label="Province">
          <option>Ontario</option>
        </select>
        <CouponPopup />
      </>,
    );
    for (const name of ['Search', 'Message', 'Province']) {
      const field = await screen.findByLabelText(name);
      field.focus();
      await advance(3000);
      expect(screen.queryByRole('dialog'), name).toBeNull();
      expect(document.activeElement).toBe(field);
    }
    screen.getByLabelText('Province').blur();
    await advance(2900);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(100);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  test('a focused button or checkbox does not hold it back', async () => {
    renderWithProviders(
      <>
        <input type="checkbox" aria-label="Remember me" />
        <CouponPopup />
      </>,
    );
    (await screen.findByLabelText('Remember me')).focus();
    await advance(3000);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  test('closing sets hasSeenCouponPopup and shows the floating button that reopens it', async () => {
    await openAfterDelay();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('hasSeenCouponPopup')).not.toBeNull();
    const button = screen.getByTitle('Get discount offer');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  test('with the flag set it never opens by itself', async () => {
    localStorage.setItem('hasSeenCouponPopup', 'true');
    renderWithProviders(<CouponPopup />);
    await advance(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTitle('Get discount offer')).toBeTruthy();
  });

  test('Escape closes the dialog too', async () => {
    await openAfterDelay();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the floating button', () => {
  afterEach(() => {
    customerState.guestCart.guestCartId = null;
  });

  test('is gone while the cart carries a discount code, and back once the code is removed', async () => {
    localStorage.setItem('hasSeenCouponPopup', 'true');
    customerState.guestCart.guestCartId = 'guest-1';
    let discount: { code: string; percentOff: number } | null = {
      code: 'FORGE-7KQ2-MX9P',
      percentOff: 10,
    };
    server.use(
      http.get(api('/cart'), () =>
        HttpResponse.json({ success: true, data: { ...EMPTY_CART, discount } }),
      ),
    );
    const { queryClient } = renderWithProviders(<CouponPopup />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await advance(0);
    expect(screen.queryByTitle('Get discount offer')).toBeNull();

    discount = null;
    await act(() => queryClient.invalidateQueries({ queryKey: cartQueryKey }));
    expect(await screen.findByTitle('Get discount offer')).toBeTruthy();
  });
});

describe('coupon form', () => {
  test('shows each field message and sends nothing while invalid', async () => {
    await openAfterDelay();
    await submit();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    fill('Ana', 'ana at example');
    await submit();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  test('disables inputs and button while sending, then shows the success view that closes after 30 s', async () => {
    server.use(
      http.post(api('/coupon/request'), async () => {
        await delay(500);
        return HttpResponse.json({ success: true, message: 'Check your inbox, Ana!' });
      }),
    );
    await openAfterDelay();
    fill('Ana', 'ana@example.ca');
    await submit();
    expect(screen.getByLabelText('Full Name')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /sending/i })).toHaveProperty('disabled', true);
    await advance(600);
    await screen.findByText('Success!');
    expect(screen.getByText('Check your email for your discount code')).toBeTruthy();
    expect(await server.requests[0]?.json()).toEqual({ name: 'Ana', email: 'ana@example.ca' });
    await advance(29_000);
    expect(screen.getByText('Success!')).toBeTruthy();
    await advance(1000);
    expect(screen.queryByText('Success!')).toBeNull();
    expect(screen.getByTitle('Get discount offer')).toBeTruthy();
  });

  test('a refusal shows the server message, or the fallback when there is none', async () => {
    server.use(
      http.post(api('/coupon/request'), () =>
        HttpResponse.json(
          { success: false, code: 'rate_limited', message: 'Too many requests.' },
          { status: 429 },
        ),
      ),
    );
    await openAfterDelay();
    fill('Ana', 'ana@example.ca');
    await submit();
    await screen.findByText('Too many requests.');

    server.use(http.post(api('/coupon/request'), () => new HttpResponse(null, { status: 500 })));
    await submit();
    await screen.findByText('Failed to send coupon request. Please try again.');
  });
});
