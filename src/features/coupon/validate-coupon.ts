/**
 * The coupon form's rules, as errors per field ({} when valid): 'Full name is required'; 'Email is
 * required'; 'Enter a valid email address'.
 */
export interface CouponForm {
  name: string;
  email: string;
}

export type CouponErrors = Partial<Record<keyof CouponForm, string>>;

/** Something@something.something, with no spaces anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateCouponForm(form: CouponForm): CouponErrors {
  const errors: CouponErrors = {};
  if (!form.name.trim()) errors.name = 'Full name is required';
  const email = form.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid email address';
  return errors;
}
