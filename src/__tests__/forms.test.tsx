/**
 * Every form of the shop: login, register, forgot password (the e-mail form and the code
 * form), reset password, contact and consultancy booking. For each one, from one table:
 * - an empty submit puts a message beside every field and sends nothing;
 * - values breaking a field's rule get that rule's message beside the field, still sending nothing;
 * - with valid values it sends, and while the answer is on its way every field and the submit
 *   button are disabled;
 * - when the server refuses, its own message is shown in the form and the fields work again.
 *
 * The forms are composed by routes, so this cross-feature table lives outside src/features.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { shopToday } from '../../contract/engagement.ts';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form.tsx';
import { LoginForm } from '../features/account/components/login-form.tsx';
import { RegisterForm } from '../features/account/components/register-form.tsx';
import { ResetPasswordForm } from '../features/account/components/reset-password-form.tsx';
import { BookingForm } from '../features/consultancy/components/consultancy-page.tsx';
import { ContactForm } from '../features/contact/components/contact-page.tsx';
import { customerState } from '../stores/customer.ts';
import { api, setupMswServer } from '../testing/msw.ts';
import { renderWithProviders } from '../testing/render.tsx';

const server = setupMswServer();

type Method = 'post' | 'patch';

interface FormCase {
  name: string;
  ui: ReactNode;
  /** Steps before the form under test is on screen (the code form follows the e-mail form). */
  reach?: () => Promise<void>;
  /** The form's accessible name. */
  form: string;
  submit: string;
  /** The submit button's text while the request is on its way. */
  sending: string;
  endpoint: [Method, string];
  /** field label → its message after submitting the empty form */
  empty: Record<string, string>;
  /** field label → [a value breaking its rule, the rule's message] */
  invalid: Record<string, [string, string]>;
  /** field label → a valid value */
  valid: Record<string, string>;
  /** The server's refusal: status and message. */
  refusal: [number, string];
}

function inDays(days: number): string {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const STRONG_PASSWORD = 'forge-strong-42';

const CASES: FormCase[] = [
  {
    name: 'login',
    ui: <LoginForm />,
    form: 'Sign in',
    submit: 'Sign in',
    sending: 'Signing in…',
    endpoint: ['post', '/user/auth/login'],
    empty: { Email: 'Email is required.', Password: 'Password is required.' },
    invalid: { Email: ['ann@', 'Enter a valid email address.'] },
    valid: { Email: 'ann@example.com', Password: 'whatever-it-is' },
    refusal: [401, 'Invalid email or password.'],
  },
  {
    name: 'register',
    ui: <RegisterForm />,
    form: 'Create account',
    submit: 'Create account',
    sending: 'Creating account…',
    endpoint: ['post', '/user/auth/register'],
    empty: {
      Name: 'Name must be at least 2 characters.',
      Email: 'Email is required.',
      Password: 'Password must be at least 8 characters.',
      'Confirm password': 'Confirm your password.',
    },
    invalid: {
      Name: ['A', 'Name must be at least 2 characters.'],
      Email: ['ann at example.com', 'Enter a valid email address.'],
      Password: ['lettersonly', 'Password must contain at least one digit.'],
      'Confirm password': ['something-else', 'The passwords do not match.'],
    },
    valid: {
      Name: 'Ann Tremblay',
      Email: 'ann@example.com',
      Password: STRONG_PASSWORD,
      'Confirm password': STRONG_PASSWORD,
    },
    refusal: [409, 'An account with this email already exists.'],
  },
  {
    name: 'forgot password: the e-mail form',
    ui: <ForgotPasswordForm />,
    form: 'Request a password reset',
    submit: 'Send reset link and code',
    sending: 'Sending…',
    endpoint: ['post', '/user/auth/forgot-password'],
    empty: { Email: 'Email is required.' },
    invalid: { Email: ['ann example.com', 'Enter a valid email address.'] },
    valid: { Email: 'ann@example.com' },
    refusal: [429, 'Too many reset requests. Try again in 15 minutes.'],
  },
  {
    name: 'forgot password: the code form',
    ui: <ForgotPasswordForm />,
    async reach() {
      server.use(
        http.post(api('/user/auth/forgot-password'), () =>
          HttpResponse.json({ success: true, message: 'Check your e-mail for a link and a code.' }),
        ),
      );
      fireEvent.change(await screen.findByLabelText('Email'), {
        target: { value: 'ann@example.com' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Send reset link and code' }));
      await screen.findByRole('form', { name: 'Reset with the e-mailed code' });
    },
    form: 'Reset with the e-mailed code',
    submit: 'Reset password',
    sending: 'Saving…',
    endpoint: ['post', '/user/auth/verify-otp-reset'],
    empty: {
      '6-digit code': 'Code must be the 6 digits we e-mailed.',
      'New password': 'Password must be at least 8 characters.',
      'Confirm new password': 'Confirm your password.',
    },
    invalid: {
      '6-digit code': ['12ab', 'Code must be the 6 digits we e-mailed.'],
      'New password': ['12345678', 'Password must contain at least one letter.'],
      'Confirm new password': ['something-else', 'The passwords do not match.'],
    },
    valid: {
      '6-digit code': '123456',
      'New password': STRONG_PASSWORD,
      'Confirm new password': STRONG_PASSWORD,
    },
    refusal: [400, 'That code is wrong or has expired.'],
  },
  {
    name: 'reset password',
    ui: <ResetPasswordForm token="reset-token-1" />,
    form: 'Choose a new password',
    submit: 'Save new password',
    sending: 'Saving…',
    endpoint: ['patch', '/user/auth/reset-password/reset-token-1'],
    empty: {
      'New password': 'Password must be at least 8 characters.',
      'Confirm new password': 'Confirm your password.',
    },
    invalid: {
      'New password': ['abcdefgh', 'Password must contain at least one digit.'],
      'Confirm new password': ['something-else', 'The passwords do not match.'],
    },
    valid: { 'New password': STRONG_PASSWORD, 'Confirm new password': STRONG_PASSWORD },
    refusal: [400, 'This reset link is invalid or has expired.'],
  },
  {
    name: 'contact',
    ui: <ContactForm />,
    form: 'Send us a message',
    submit: 'Send message',
    sending: 'Sending…',
    endpoint: ['post', '/contact'],
    empty: {
      Name: 'Name is required',
      Email: 'Email is required',
      Subject: 'Subject is required',
      Message: 'Message is required',
    },
    invalid: {
      Email: ['avery at example', 'Enter a valid email address'],
      Message: ['Too short', 'Message must be at least 10 characters'],
    },
    valid: {
      Name: 'Avery Lee',
      Email: 'avery@example.com',
      Subject: 'Stack advice',
      Message: 'Which creatine do you recommend for a beginner?',
    },
    refusal: [503, 'Our inbox is unavailable right now. Please try again later.'],
  },
  {
    name: 'consultancy booking',
    ui: <BookingForm />,
    form: 'Consultation booking',
    submit: 'Book consultation',
    sending: 'Booking…',
    endpoint: ['post', '/consultations'],
    empty: {
      Name: 'Name is required',
      Email: 'Email is required',
      'Phone number': 'Phone number is required',
      'Your goal': 'Choose a goal',
      'Training experience': 'Choose your experience level',
      'Preferred date': 'Preferred date is required',
      'Preferred time (Eastern)': 'Preferred time is required',
    },
    invalid: {
      Email: ['sam@', 'Enter a valid email address'],
      'Phone number': ['12', 'Enter a valid phone number'],
      'Preferred date': [inDays(0), 'Choose a date in the future'],
      // The time's range message is shown in Chromium (tests/e2e/pages.test.ts): happy-dom
      // empties a time input set outside its min and max.
    },
    valid: {
      Name: 'Sam Patel',
      Email: 'sam@example.com',
      'Phone number': '416 555 0199',
      'Your goal': 'build-muscle',
      'Training experience': 'beginner',
      'Preferred date': inDays(7),
      'Preferred time (Eastern)': '10:30',
    },
    refusal: [409, 'That time is already booked. Please choose another.'],
  },
];

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
  customerState.guestCart.guestCartId = null;
});
afterEach(cleanup);

const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The message beside a field: the element its aria-describedby names first. */
function messageBeside(label: string): string {
  const id = field(label).getAttribute('aria-describedby')?.split(' ')[0];
  return (id && document.getElementById(id)?.textContent) || '';
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

function controls(form: HTMLElement) {
  return [
    ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input, select, textarea',
    ),
    ...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]'),
  ];
}

describe.each(CASES)('$name form', (form) => {
  const [method, path] = form.endpoint;
  const sentToEndpoint = () =>
    server.requests.filter(
      (request) => request.method === method.toUpperCase() && request.url === api(path),
    );

  async function open(): Promise<HTMLElement> {
    renderWithProviders(form.ui);
    await form.reach?.();
    return screen.findByRole('form', { name: form.form });
  }

  test('an empty submit shows a message beside every field and sends nothing', async () => {
    const element = await open();
    fireEvent.click(within(element).getByRole('button', { name: form.submit }));
    await waitFor(() => expect(messageBeside(Object.keys(form.empty)[0]!)).not.toBe(''));
    for (const [label, message] of Object.entries(form.empty)) {
      expect({ label, message: messageBeside(label) }).toEqual({ label, message });
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(sentToEndpoint()).toHaveLength(0);
  });

  test('a value breaking a field’s rule gets that rule’s message beside the field', async () => {
    const element = await open();
    fill(
      Object.fromEntries(Object.entries(form.invalid).map(([label, [value]]) => [label, value])),
    );
    fireEvent.click(within(element).getByRole('button', { name: form.submit }));
    await waitFor(() => expect(messageBeside(Object.keys(form.invalid)[0]!)).not.toBe(''));
    for (const [label, [, message]] of Object.entries(form.invalid)) {
      expect({ label, message: messageBeside(label) }).toEqual({ label, message });
    }
    expect(sentToEndpoint()).toHaveLength(0);
  });

  test('disabled while sending; the server’s message when it refuses', async () => {
    const [status, message] = form.refusal;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http[method](api(path), async () => {
        await answered;
        return HttpResponse.json({ success: false, message }, { status });
      }),
    );
    const element = await open();
    fill(form.valid);
    fireEvent.click(within(element).getByRole('button', { name: form.submit }));

    const button = await within(element).findByRole('button', { name: form.sending });
    expect(sentToEndpoint()).toHaveLength(1);
    expect(element.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    for (const label of Object.keys(form.valid)) {
      expect({ label, disabled: field(label).disabled }).toEqual({ label, disabled: true });
    }
    const enabled = controls(element).filter((control) => !control.disabled);
    expect(enabled.map((control) => control.name || control.textContent)).toEqual([]);
    expect(button.hasAttribute('disabled')).toBe(true);

    await act(async () => answer());
    const failure = await within(element).findByText(message);
    expect(failure.getAttribute('role')).toBe('alert');
    expect(controls(element).every((control) => !control.disabled)).toBe(true);
    expect(within(element).getByRole('button', { name: form.submit })).toBeTruthy();
  });
});
