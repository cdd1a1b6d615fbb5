import { describe, expect, test } from 'vitest';
import { validateCouponForm } from '../validate-coupon.ts';
import { couponFailureMessage, couponSuccessMessage } from '../api/request-coupon.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { testI18n } from '../../../testing/i18n.ts';

describe('coupon form rules', () => {
  test('both fields are required', () => {
    expect(validateCouponForm({ name: '  ', email: '' }, testI18n)).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
    });
  });

  test.each(['plain', 'a@b', 'a b@c.de', 'a@b c.de', '@b.ca', 'a@.ca x'])(
    '%s is not a valid email',
    (email) => {
      expect(validateCouponForm({ name: 'Ana', email }, testI18n).email).toBe(
        'Enter a valid email address',
      );
    },
  );

  test('a name and an address like name@domain.tld pass', () => {
    expect(validateCouponForm({ name: 'Ana Lift', email: ' ana@example.ca ' }, testI18n)).toEqual(
      {},
    );
  });
});

describe('coupon messages', () => {
  test('success uses the server message, else the fallback', () => {
    expect(couponSuccessMessage({ success: true, message: 'Sent!' }, testI18n)).toBe('Sent!');
    expect(couponSuccessMessage(undefined, testI18n)).toBe(
      'Your discount code has been sent to your email!',
    );
  });

  test('failure uses the server message, else the fallback; anything else is the generic banner', () => {
    expect(couponFailureMessage(new ApiError(429, 'Too many requests.', [], true), testI18n)).toBe(
      'Too many requests.',
    );
    expect(couponFailureMessage(new ApiError(500, 'Request failed (500).'), testI18n)).toBe(
      'Failed to send coupon request. Please try again.',
    );
    expect(couponFailureMessage(new ApiError(0, 'Network error'), testI18n)).toBe(
      'Failed to send coupon request. Please try again.',
    );
    expect(couponFailureMessage(new TypeError('boom'), testI18n)).toBe(
      'An error occurred. Please try again.',
    );
  });
});
