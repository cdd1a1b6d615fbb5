/**
 * The coupon form's rules, as errors per field ({} when valid): 'Full name is required'; 'Email is
 * required'; 'Enter a valid email address'.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface CouponForm {
  name: string;
  email: string;
}

export type CouponErrors = Partial<Record<keyof CouponForm, string>>;

/** Something@something.something, with no spaces anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The errors in the page's language (`i18n`, the context's translator). */
export function validateCouponForm(form: CouponForm, i18n: I18n): CouponErrors {
  const errors: CouponErrors = {};
  if (!form.name.trim()) errors.name = i18n._(msg`Full name is required`);
  const email = form.email.trim();
  if (!email) errors.email = i18n._(msg`Email is required`);
  else if (!EMAIL_PATTERN.test(email)) errors.email = i18n._(msg`Enter a valid email address`);
  return errors;
}
