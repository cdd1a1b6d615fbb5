import { describe, expect, test } from 'vitest';
import {
  FREE_TEXT_QUERY_PARAMETERS,
  REDACTED,
  redactUrl,
  scrub,
  withoutEmails,
} from './logging.ts';

describe('personal data in log lines', () => {
  test('an e-mail address anywhere in a text is replaced; package paths and versions are not', () => {
    expect(withoutEmails('could not send to Ann.Lee+shop@mail.example.co.uk: 550')).toBe(
      `could not send to ${REDACTED}: 550`,
    );
    const frame = 'at run (/app/node_modules/@fastify/static/index.js:12:3) pkg@1.2.3 x@v2';
    expect(withoutEmails(frame)).toBe(frame);
  });

  test('personal keys are withheld at any depth; a status move named `to` is kept', () => {
    const logged = scrub({
      email: 'ann@example.com',
      shippingAddress: { name: 'Ann Lee', line1: '1 Main St' },
      customer: { fullName: 'Ann Lee', phone: '416-555-0100' },
      to: { order: 'paid', payment: 'succeeded' },
      note: 'written by ann@example.com',
    });
    expect(logged).toEqual({
      email: REDACTED,
      shippingAddress: REDACTED,
      customer: { fullName: REDACTED, phone: REDACTED },
      to: { order: 'paid', payment: 'succeeded' },
      note: `written by ${REDACTED}`,
    });
  });

  test('free-text query parameters and any e-mail in a URL are replaced; the rest is kept', () => {
    expect([...FREE_TEXT_QUERY_PARAMETERS].sort()).toEqual(['q', 'search']);
    expect(redactUrl('/api/v1/admin/orders?q=Ann%20Lee&status=paid&page=2', {})).toBe(
      '/api/v1/admin/orders?q=%5Bredacted%5D&status=paid&page=2',
    );
    expect(redactUrl('/api/v1/x/ann%40example.com?ref=ann@example.com&limit=5', {})).toBe(
      `/api/v1/x/${REDACTED}?ref=%5Bredacted%5D&limit=5`,
    );
    expect(redactUrl('/api/v1/search/products?category=protein&page=1', {})).toBe(
      '/api/v1/search/products?category=protein&page=1',
    );
  });

  test('the secret at the end of a reset-link, order-link, join-orders or unsubscribe page is replaced', () => {
    const token = 'Q2hhbmdlZCBieSB0aGUgdGVzdCwgMzIgYnl0ZXMgbG9uZw';
    expect(redactUrl(`/reset-password/${token}`, {})).toBe(`/reset-password/${REDACTED}`);
    expect(redactUrl(`/order-link/${token}?utm_source=mail`, {})).toBe(
      `/order-link/${REDACTED}?utm_source=mail`,
    );
    expect(redactUrl(`/join-orders/${token}`, {})).toBe(`/join-orders/${REDACTED}`);
    expect(redactUrl(`/stock-alerts/unsubscribe/${token}`, {})).toBe(
      `/stock-alerts/unsubscribe/${REDACTED}`,
    );
    expect(redactUrl(`/api/v1/stock-alerts/unsubscribe/${token}`, { token })).toBe(
      `/api/v1/stock-alerts/unsubscribe/${REDACTED}`,
    );
    // Only the segment after the whole prefix is the secret.
    expect(redactUrl('/stock-alerts/unsubscribe', {})).toBe('/stock-alerts/unsubscribe');
    // The API's link route names its parameter, like the reset route.
    expect(redactUrl(`/api/v1/order-links/${token}/invoice`, { token })).toBe(
      `/api/v1/order-links/${REDACTED}/invoice`,
    );
    expect(redactUrl(`/api/v1/user/auth/join-orders/${token}`, { token })).toBe(
      `/api/v1/user/auth/join-orders/${REDACTED}`,
    );
    // Other pages keep their address.
    expect(redactUrl('/product/whey-protein-isolate', {})).toBe('/product/whey-protein-isolate');
    expect(redactUrl('/order/ord_123', {})).toBe('/order/ord_123');
  });
});
