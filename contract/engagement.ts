/**
 * The discount-code popup, the contact form and consultation bookings. The coupon messages are the
 * original product's own texts (docs/product.md, Coupon popup); the PWA validates its forms with
 * these schemas too.
 */
import { z } from 'zod';
import {
  CONSULTATION_GOALS,
  CONSULTATION_HOURS,
  CONSULTATION_MAX_DAYS_AHEAD,
  CONSULTATION_NOTE_MAX,
  CONSULTATION_TIME_ZONE,
  EMAIL_MAX,
  EMAIL_PATTERN,
  EXPERIENCE_LEVELS,
  FULL_NAME_MAX,
  MESSAGE_MAX,
  MESSAGE_MIN,
  PHONE_MAX,
  shopToday,
  SUBJECT_MAX,
} from './engagement-rules.ts';

export * from './engagement-rules.ts';

const requiredText = (message: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? message
          : `${message.replace(/ is required$/, '')} must be text`,
    })
    .trim()
    .min(1, { error: message, abort: true });

const fullName = (required: string) =>
  requiredText(required).max(
    FULL_NAME_MAX,
    `${required.replace(/ is required$/, '')} must be at most ${FULL_NAME_MAX} characters`,
  );

export const emailField = requiredText('Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(EMAIL_PATTERN, 'Enter a valid email address');

// ---- Coupon popup -------------------------------------------------------------------------------

export const couponRequestBody = z.object({
  name: fullName('Full name is required'),
  email: emailField,
});

export const couponRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});

// ---- Contact ------------------------------------------------------------------------------------

export const contactBody = z.object({
  name: fullName('Name is required'),
  email: emailField,
  subject: requiredText('Subject is required').max(
    SUBJECT_MAX,
    `Subject must be at most ${SUBJECT_MAX} characters`,
  ),
  message: requiredText('Message is required')
    .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
});
export type ContactBody = z.input<typeof contactBody>;

// ---- Consultations ------------------------------------------------------------------------------

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

const labelsOf = (options: readonly { label: string }[]) =>
  options.map((option) => option.label).join(', ');

const choice = <const T extends readonly { value: string; label: string }[]>(
  options: T,
  required: string,
  invalid: string,
) =>
  z.enum(options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]], {
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : invalid),
  });

export const consultationBody = z.object({
  name: fullName('Name is required'),
  email: emailField,
  phone: requiredText('Phone number is required')
    .max(PHONE_MAX, 'Enter a valid phone number')
    .regex(/^\+?[\d\s().-]+$/, 'Enter a valid phone number')
    .refine((phone) => {
      const digits = phone.replace(/\D/g, '').length;
      return digits >= 10 && digits <= 15;
    }, 'Enter a valid phone number'),
  goal: choice(
    CONSULTATION_GOALS,
    'Choose a goal',
    `Choose a goal: ${labelsOf(CONSULTATION_GOALS)}`,
  ),
  experienceLevel: choice(
    EXPERIENCE_LEVELS,
    'Choose your experience level',
    `Choose your experience level: ${labelsOf(EXPERIENCE_LEVELS)}`,
  ),
  preferredDate: requiredText('Preferred date is required')
    .refine(isCalendarDate, { error: 'Enter a date like 2026-05-31', abort: true })
    .refine((date) => date > shopToday(), { error: 'Choose a date in the future', abort: true })
    .refine(
      (date) => date <= addDays(shopToday(), CONSULTATION_MAX_DAYS_AHEAD),
      `Choose a date within the next ${CONSULTATION_MAX_DAYS_AHEAD} days`,
    )
    .meta({
      description: `A day after today (YYYY-MM-DD) in the shop's time zone, ${CONSULTATION_TIME_ZONE}`,
      example: '2026-05-31',
    }),
  preferredTime: requiredText('Preferred time is required')
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time like 14:30', abort: true })
    .refine(
      (time) => time >= CONSULTATION_HOURS.opens && time <= CONSULTATION_HOURS.closes,
      `Choose a time between ${CONSULTATION_HOURS.opens} and ${CONSULTATION_HOURS.closes}`,
    )
    .meta({
      description: `HH:MM on the 24-hour clock, shop time, ${CONSULTATION_HOURS.opens}–${CONSULTATION_HOURS.closes}`,
      example: '14:30',
    }),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(CONSULTATION_NOTE_MAX, `Message must be at most ${CONSULTATION_NOTE_MAX} characters`)
    .optional()
    .default(''),
});
export type ConsultationBody = z.input<typeof consultationBody>;

/** Contact and consultation answers: the stored record's id. */
export const createdResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string() }),
});
export type CreatedResponse = z.infer<typeof createdResponse>;
