/**
 * The engagement forms' limits, choices and texts as plain values, without a schema library, so
 * the contact and consultancy pages can render before the zod schemas of `./engagement.ts` (built
 * from these values) have loaded.
 */

export const FULL_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const SUBJECT_MAX = 150;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const CONSULTATION_NOTE_MAX = 2000;
export const PHONE_MAX = 30;

/** "Must look like name@domain.tld with no spaces". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const COUPON_SUCCESS_MESSAGE = 'Your discount code has been sent to your email!';

export const CONTACT_SUCCESS_MESSAGE =
  'Thanks for your message! We have e-mailed you a confirmation and will reply within 1–2 business days.';

export const CONSULTATION_GOALS = [
  { value: 'build-muscle', label: 'Build muscle' },
  { value: 'lose-weight', label: 'Lose weight' },
  { value: 'improve-performance', label: 'Improve performance' },
  { value: 'endurance', label: 'Endurance' },
  { value: 'general-health', label: 'General health' },
] as const;

export const EXPERIENCE_LEVELS = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
] as const;

/** Consultations are held in the shop's time zone, during these hours (24 h clock). */
export const CONSULTATION_TIME_ZONE = 'America/Toronto';
export const CONSULTATION_HOURS = { opens: '09:00', closes: '18:00' } as const;
/** How far ahead a consultation can be booked. */
export const CONSULTATION_MAX_DAYS_AHEAD = 180;

/** Today's date (YYYY-MM-DD) in the shop's time zone. */
export function shopToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: CONSULTATION_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const CONSULTATION_SUCCESS_MESSAGE =
  'Your consultation request is booked! We have e-mailed you a confirmation and will contact you to confirm the time.';
