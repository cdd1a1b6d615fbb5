/**
 * The profile's saved cards: listed as "Visa •••• 4242, expires 12/34", removed only after a
 * confirmation, and added with the test provider by picking a test card (no number is typed or
 * sent); with Stripe the lazily loaded Payment Element in setup mode saves through the
 * SetupIntent's id. Stripe's packages are stood in for: happy-dom cannot load js.stripe.com.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  TEST_CARD_CHOICES,
  TEST_SAVED_CARDS,
  type SavedPaymentMethod,
} from '../../../../../contract/payment-methods.ts';
import { SAVED_PAYMENT_METHODS_KEY } from '../../../../lib/query-keys.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { testI18n } from '../../../../testing/i18n.ts';
import { NO_SAVED_CARDS_TEXT, SavedPaymentMethods } from '../saved-payment-methods.tsx';

const NO_SAVED_CARDS = testI18n._(NO_SAVED_CARDS_TEXT);

const confirmSetup = vi.fn(async (_options: unknown) => ({
  setupIntent: { id: 'seti_123', status: 'succeeded' },
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmSetup }),
  useElements: () => ({}),
}));

const server = setupMswServer();
const ok = <T,>(data: T) => ({ success: true, data });

const card = (overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod => ({
  id: 'spm_1',
  provider: 'test',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

let cards: SavedPaymentMethod[];
let saved: unknown[];

beforeEach(() => {
  cards = [];
  saved = [];
  confirmSetup.mockClear();
  server.use(
    http.get(api('/user/payment-methods'), () => HttpResponse.json(ok(cards))),
    http.post(api('/user/payment-methods'), async ({ request }) => {
      const body = (await request.json()) as { testCard?: string; setupIntentId?: string };
      saved.push(body);
      const added = body.testCard
        ? card({ id: 'spm_new', last4: TEST_SAVED_CARDS.succeeds.last4 })
        : card({ id: 'spm_new', provider: 'stripe', brand: 'mastercard', last4: '4444' });
      cards = [...cards, added];
      return HttpResponse.json(ok(added), { status: 201 });
    }),
    http.delete(api('/user/payment-methods/:id'), ({ params }) => {
      cards = cards.filter((c) => c.id !== params.id);
      return HttpResponse.json(ok(cards));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const section = () => screen.getByRole('region', { name: 'Saved payment methods' });

describe('SavedPaymentMethods', () => {
  test('lists each card by brand, last four and expiry, under its heading', async () => {
    cards = [card(), card({ id: 'spm_2', brand: 'mastercard', last4: '4444', expMonth: 3 })];
    const { queryClient } = renderWithProviders(<SavedPaymentMethods />);
    expect(await screen.findByRole('heading', { name: 'Saved payment methods' })).toBeTruthy();
    const items = await within(section()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Visa •••• 4242, expires 12/34'),
      expect.stringContaining('Mastercard •••• 4444, expires 03/34'),
    ]);
    expect(queryClient.getQueryData(SAVED_PAYMENT_METHODS_KEY)).toHaveLength(2);
  });

  test('says so when there are no cards', async () => {
    renderWithProviders(<SavedPaymentMethods />);
    expect(await screen.findByText(NO_SAVED_CARDS)).toBeTruthy();
  });

  test('Remove asks first; "Keep it" keeps the card, "Yes, remove" removes it', async () => {
    cards = [card()];
    renderWithProviders(<SavedPaymentMethods />);
    const remove = await screen.findByRole('button', {
      name: 'Remove Visa •••• 4242, expires 12/34',
    });
    fireEvent.click(remove);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Visa •••• 4242, expires 12/34' }),
    );
    const confirm = screen.getByRole('group', { name: 'Remove Visa •••• 4242, expires 12/34?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(NO_SAVED_CARDS)).toBeTruthy();
    const deletes = server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/user/payment-methods/spm_1',
    ]);
  });

  test('test provider: "Add a card" offers the test cards; the choice is sent, never a number', async () => {
    server.use(
      http.post(api('/user/payment-methods/setup'), () =>
        HttpResponse.json(
          ok({
            provider: 'test',
            testCards: TEST_CARD_CHOICES.map((id) => ({ id, ...TEST_SAVED_CARDS[id] })),
          }),
        ),
      ),
    );
    renderWithProviders(<SavedPaymentMethods />);
    await screen.findByText(NO_SAVED_CARDS);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a test card' });
    expect(within(form).getAllByRole('radio')).toHaveLength(TEST_CARD_CHOICES.length);
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));

    await within(section()).findByText(/Visa •••• 4242, expires 12\/34/);
    expect(saved).toEqual([{ testCard: 'succeeds' }]);
    expect(screen.queryByRole('form', { name: 'Add a test card' })).toBeNull();
  });

  test('Stripe: the Payment Element in setup mode confirms, then the SetupIntent id is saved', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
    server.use(
      http.post(api('/user/payment-methods/setup'), () =>
        HttpResponse.json(
          ok({ provider: 'stripe', setupIntentId: 'seti_123', clientSecret: 'seti_123_secret_x' }),
        ),
      ),
    );
    renderWithProviders(<SavedPaymentMethods />);
    await screen.findByText(NO_SAVED_CARDS);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    expect(within(form).getByTestId('payment-element')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));

    await within(section()).findByText(/Mastercard •••• 4444/);
    expect(confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(saved).toEqual([{ setupIntentId: 'seti_123' }]);
  });

  test("a refused save shows the server's reason", async () => {
    server.use(
      http.post(api('/user/payment-methods/setup'), () =>
        HttpResponse.json(
          ok({
            provider: 'test',
            testCards: TEST_CARD_CHOICES.map((id) => ({ id, ...TEST_SAVED_CARDS[id] })),
          }),
        ),
      ),
      http.post(api('/user/payment-methods'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'saved_limit_reached',
            message: 'You can keep at most 10 cards.',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<SavedPaymentMethods />);
    await screen.findByText(NO_SAVED_CARDS);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a test card' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('You can keep at most 10 cards.'),
    );
  });
});
