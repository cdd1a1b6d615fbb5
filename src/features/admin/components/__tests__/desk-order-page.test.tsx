/**
 * One order at the desk: only the allowed actions; the shipped form checks its fields beside them;
 * a refusal (409) shows the server's reason and the order as it now is; a refund above what is
 * left is refused before sending and a valid one goes in cents with an Idempotency-Key; cancelling
 * asks first; a line's stock can be read and adjusted with a reason.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AdminOrder } from '../../../../../contract/admin.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { makeDeskOrder, makeStock, ok, STAFF } from '../../__tests__/fixtures.ts';
import { DeskOrderPage } from '../desk-order-page.tsx';

const server = setupMswServer();

let order: AdminOrder;
let posted: { path: string; body: unknown; key: string | null }[];
beforeEach(() => {
  customerState.auth.user = { ...STAFF };
  order = makeDeskOrder();
  posted = [];
  server.use(http.get(api('/admin/orders/ord_1'), () => HttpResponse.json(ok(order))));
});
afterEach(() => {
  cleanup();
  customerState.auth.user = null;
});

function answerPosts(answer: (path: string, body: Record<string, unknown>) => Response) {
  server.use(
    http.post(api('/admin/orders/ord_1/:action'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({
        path: String(params.action),
        body,
        key: request.headers.get('idempotency-key'),
      });
      return answer(String(params.action), body);
    }),
  );
}

const show = () =>
  renderWithProviders(<DeskOrderPage orderId="ord_1" />, { path: '/admin/orders/ord_1' });

describe('order desk: one order', () => {
  test('shows lines, customer, payment and the timeline with who did what', async () => {
    order = makeDeskOrder({
      timeline: [
        ...makeDeskOrder().timeline,
        {
          type: 'processing',
          status: 'processing',
          at: '2026-11-26T09:00:00.000Z',
          note: null,
          actor: 'staff',
          actorId: STAFF._id,
        },
        {
          type: 'refund',
          status: null,
          at: '2026-11-26T10:00:00.000Z',
          note: 'Damaged tub',
          actor: 'staff',
          actorId: 'usr_other',
        },
      ],
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Order FN-10001' })).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps[0]).toContain('Order placed');
    expect(steps[0]).toContain('by Shopper');
    expect(steps[1]).toContain('by Payment provider');
    expect(steps[2]).toContain('Marked processing');
    expect(steps[2]).toContain('by You');
    expect(steps[3]).toContain('by Staff (usr_other)');
    expect(steps[3]).toContain('Damaged tub');
    expect(screen.getByText('WPI-CH-2')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByTestId('refundable').textContent).toBe('Left to refund: $112.97');
  });

  test('a paid order offers processing, cancel and refund; never shipped or delivered', async () => {
    show();
    await screen.findByRole('button', { name: 'Mark processing' });
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
  });

  test('“Mark shipped” checks carrier and tracking number beside them, then sends both', async () => {
    order = makeDeskOrder({ status: 'processing' });
    answerPosts((_path, body) => {
      order = {
        ...order,
        status: 'shipped',
        shipment: { carrier: String(body.carrier), trackingNumber: String(body.trackingNumber) },
      };
      return HttpResponse.json(ok(order));
    });
    show();
    const form = await screen.findByRole('form', { name: 'Mark shipped' });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    const carrier = within(form).getByLabelText('Carrier');
    const tracking = within(form).getByLabelText('Tracking number');
    expect(carrier.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(carrier.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter the carrier.',
    );
    expect(document.getElementById(tracking.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter the tracking number.',
    );
    expect(posted).toEqual([]);

    fireEvent.change(carrier, { target: { value: 'Canada Post' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect(tracking.getAttribute('aria-invalid')).toBe('true');
    expect(carrier.getAttribute('aria-invalid')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.change(tracking, { target: { value: ' 7023 4567 8901 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: 'status',
      body: { status: 'shipped', carrier: 'Canada Post', trackingNumber: '7023 4567 8901' },
    });
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe('Shipped');
    expect(screen.queryByRole('form', { name: 'Mark shipped' })).toBeNull();
  });

  test('a refused move (409) shows the server’s reason and the order as it now is', async () => {
    order = makeDeskOrder({ status: 'processing' });
    answerPosts(() => {
      // Another member of staff got there first.
      order = { ...order, status: 'shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z9' } };
      return HttpResponse.json(
        {
          success: false,
          code: 'order_transition_refused',
          message: 'This order is already shipped.',
        },
        { status: 409 },
      );
    });
    show();
    const form = await screen.findByRole('form', { name: 'Mark shipped' });
    fireEvent.change(within(form).getByLabelText('Carrier'), { target: { value: 'Canada Post' } });
    fireEvent.change(within(form).getByLabelText('Tracking number'), { target: { value: '7023' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect((await screen.findByText('This order is already shipped.')).getAttribute('role')).toBe(
      'alert',
    );
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Shipped'));
    expect(screen.getByText('This order is already shipped.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Mark shipped' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeTruthy();
  });

  test('a refund above what is left is refused before sending; a valid one goes in cents, once', async () => {
    order = makeDeskOrder({
      refundable: 5000,
      refunds: [{ id: 'rf_1', amount: 6296, at: '2026-11-26T10:00:00.000Z' }],
    });
    answerPosts((_path, body) => {
      order = {
        ...order,
        refundable: order.refundable - Number(body.amount),
        refunds: [
          ...order.refunds,
          { id: 'rf_2', amount: Number(body.amount), at: '2026-11-26T11:00:00.000Z' },
        ],
      };
      return HttpResponse.json(ok(order));
    });
    show();
    const form = await screen.findByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount (CAD)') as HTMLInputElement;
    // Empty: a refund is typed, never the whole balance by default.
    expect(amount.value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toBe('Enter the amount to refund.');
    expect(amount.getAttribute('aria-describedby')).toContain(within(form).getByRole('alert').id);
    fireEvent.change(amount, { target: { value: '50.01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toBe(
      'Must be at most $50.00, what is left to refund.',
    );
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByRole('alert').textContent).toBe('Must be more than $0.00.');
    fireEvent.change(amount, { target: { value: 'ten' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter an amount in dollars, such as 12.50.',
    );
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Damaged tub' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: 'refunds',
      body: { amount: 1250, reason: 'Damaged tub' },
    });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(screen.getByTestId('refundable').textContent).toBe('Left to refund: $37.50'),
    );
    expect((within(form).getByLabelText('Amount (CAD)') as HTMLInputElement).value).toBe('');
  });

  test('a refund the server refuses (409) shows its reason', async () => {
    answerPosts(() =>
      HttpResponse.json(
        {
          success: false,
          code: 'refund_exceeds_balance',
          message: 'Only 1000 cents are left to refund.',
          left: 1000,
        },
        { status: 409 },
      ),
    );
    show();
    const form = await screen.findByRole('form', { name: 'Refund' });
    fireEvent.change(within(form).getByLabelText('Amount (CAD)'), { target: { value: '112.97' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Only 1000 cents are left to refund.')).toBeTruthy();
    expect(posted[0]!.body).toEqual({ amount: 11297 });
  });

  test('“Cancel order” asks first in a dialog; keeping it sends nothing', async () => {
    answerPosts(() => {
      order = { ...order, status: 'cancelled', refundable: 0 };
      return HttpResponse.json(ok(order));
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel order FN-10001?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('$112.97 is refunded to the shopper in full');
    expect(document.activeElement?.textContent).toBe('Keep order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order FN-10001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted[0]).toMatchObject({ path: 'status', body: { status: 'cancelled' } });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Cancelled'));
    expect(screen.getByText('Nothing more can be done to this order.')).toBeTruthy();
  });

  test('a line’s stock: read when opened, adjusted with a reason; the server’s refusal shown', async () => {
    let stock = 7;
    const adjustments: unknown[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.get(api('/admin/variants/var_1/stock'), () => HttpResponse.json(ok(makeStock(stock)))),
      http.post(api('/admin/variants/var_1/stock'), async ({ request }) => {
        const body = (await request.json()) as { delta: number; reason: string };
        adjustments.push(body);
        keys.push(request.headers.get('idempotency-key'));
        if (stock + body.delta < 0) {
          return HttpResponse.json(
            {
              success: false,
              code: 'stock_out_of_range',
              message: 'Stock cannot go below 0 (7 in stock).',
            },
            { status: 409 },
          );
        }
        stock += body.delta;
        return HttpResponse.json(ok(makeStock(stock)));
      }),
    );
    show();
    const toggle = await screen.findByRole('button', {
      name: 'Stock of Whey Protein Isolate, Chocolate, 2 lb',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByTestId('variant-stock')).textContent).toBe('7');
    const form = screen.getByRole('form', {
      name: 'Adjust stock of Whey Protein Isolate, Chocolate, 2 lb',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    expect(within(form).getByLabelText('Change').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(adjustments).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Change'), { target: { value: '+5' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Delivery' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(screen.getByTestId('variant-stock').textContent).toBe('12'));
    expect(adjustments).toEqual([{ delta: 5, reason: 'Delivery' }]);

    fireEvent.change(within(form).getByLabelText('Change'), { target: { value: '-20' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Broken' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    expect(await screen.findByText('Stock cannot go below 0 (7 in stock).')).toBeTruthy();
    expect(screen.getByTestId('variant-stock').textContent).toBe('12');

    // Sent again unchanged, it is the same adjustment: same key. Every key is there and the
    // two adjustments have their own.
    fireEvent.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
    expect(keys[2]).toBe(keys[1]);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
