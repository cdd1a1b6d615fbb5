/**
 * "Notify me when it's back" in the purchase panel: offered only for a sold-out choice, in place of
 * the add button; the address checked beside its field before anything is sent; the server's
 * answer shown once it accepts; its refusal shown in the form.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ProductVariant } from '../../../../../contract/catalog.ts';
import { makeProduct, makeVariant } from './fixtures.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { PurchasePanel } from '../purchase-panel.tsx';

const server = setupMswServer();

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
});
afterEach(cleanup);

const chocolate = makeVariant('chocolate', 5);
const vanilla = makeVariant('vanilla', 0);
const product = makeProduct({ variants: [chocolate, vanilla] });

const render = (chosen: ProductVariant) =>
  renderWithProviders(
    <PurchasePanel
      product={product}
      selection={{ flavor: chosen.flavor.slug, size: chosen.size, variant: chosen }}
      onSelectionChange={() => {}}
    />,
  );

// The form's code is loaded lazily: give the import time on a busy machine.
const notifyForm = () =>
  screen.findByRole('form', { name: "Notify me when it's back" }, { timeout: 5000 });
const emailOf = (form: HTMLElement) => within(form).getByLabelText('Email') as HTMLInputElement;
const ALERTS = api('/products/p-gold-whey/stock-alerts');

test('is offered in place of the add button for a sold-out choice only', async () => {
  render(vanilla);
  await notifyForm();
  expect(screen.queryByRole('button', { name: 'Out of stock' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  cleanup();

  render(chocolate);
  await screen.findByRole('button', { name: 'Add to cart' });
  expect(screen.queryByRole('form', { name: "Notify me when it's back" })).toBeNull();
});

test('checks the address beside its field and sends nothing until it is one', async () => {
  let sent = 0;
  server.use(
    http.post(ALERTS, () => {
      sent += 1;
      return HttpResponse.json({ success: true, message: 'ok' }, { status: 202 });
    }),
  );
  render(vanilla);
  const form = await notifyForm();
  const email = emailOf(form);
  fireEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = email.getAttribute('aria-describedby')?.split(' ')[0];
  expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
    'Email is required.',
  );

  fireEvent.change(email, { target: { value: 'not-an-address' } });
  await waitFor(() =>
    expect(document.getElementById(describedBy!)?.textContent).toBe('Enter a valid email address.'),
  );
  expect(sent).toBe(0);
});

test("sends the chosen variant with the address and shows the server's answer", async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post(ALERTS, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(
        { success: true, message: "Thanks! We'll e-mail you once when it's back in stock." },
        { status: 202 },
      );
    }),
  );
  render(vanilla);
  const form = await notifyForm();
  fireEvent.change(emailOf(form), { target: { value: ' Maya@Example.com ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
  const done = await screen.findByText("Thanks! We'll e-mail you once when it's back in stock.");
  expect(done.getAttribute('role')).toBe('status');
  expect(bodies).toEqual([{ variantId: 'v-vanilla', email: 'maya@example.com' }]);
  expect(screen.queryByRole('form', { name: "Notify me when it's back" })).toBeNull();
});

test("starts with the signed-in shopper's address", async () => {
  customerState.auth.user = {
    _id: 'usr_maya',
    name: 'Maya',
    email: 'maya@example.com',
    role: 'customer',
  };
  render(vanilla);
  const form = await notifyForm();
  await waitFor(() => expect(emailOf(form).value).toBe('maya@example.com'));
});

test("shows the server's refusal in the form and beside the field", async () => {
  server.use(
    http.post(ALERTS, () =>
      HttpResponse.json(
        {
          success: false,
          code: 'validation',
          message: 'Validation failed',
          errors: [{ path: 'body.email', message: 'Enter a valid email address.' }],
        },
        { status: 400 },
      ),
    ),
  );
  render(vanilla);
  const form = await notifyForm();
  fireEvent.change(emailOf(form), { target: { value: 'maya@example.com' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Notify me' }));
  await waitFor(() => expect(emailOf(form).getAttribute('aria-invalid')).toBe('true'));
  const describedBy = emailOf(form).getAttribute('aria-describedby')?.split(' ')[0];
  expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
    'Enter a valid email address.',
  );
  expect(within(form).getByText('Validation failed').getAttribute('role')).toBe('alert');
  cleanup();

  server.use(
    http.post(ALERTS, () =>
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
  render(vanilla);
  const again = await notifyForm();
  fireEvent.change(emailOf(again), { target: { value: 'maya@example.com' } });
  fireEvent.click(within(again).getByRole('button', { name: 'Notify me' }));
  const failure = await within(again).findByText(
    'Too many requests. Please try again in 60 minutes.',
  );
  expect(failure.getAttribute('role')).toBe('alert');
});
