/**
 * Registering an e-mail that already has an account: the server answers 409 with a message for
 * the form and one for the Email field; both are shown and the shopper stays signed out.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { RegisterForm } from '../register-form.tsx';

const server = setupMswServer();

const FORM_MESSAGE =
  'This e-mail already has an account. Sign in, or reset your password if you have forgotten it.';
const FIELD_MESSAGE = 'This e-mail already has an account.';

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
});
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

test('a taken e-mail: the server’s message beside the Email field and in the form', async () => {
  server.use(
    http.post(api('/user/auth/register'), () =>
      HttpResponse.json(
        {
          success: false,
          code: 'email_taken',
          message: FORM_MESSAGE,
          errors: [{ path: 'body.email', message: FIELD_MESSAGE }],
        },
        { status: 409 },
      ),
    ),
  );
  renderWithProviders(<RegisterForm />);
  const form = await screen.findByRole('form', { name: 'Create account' });
  const values = {
    Name: 'Ann Tremblay',
    Email: 'ann@example.com',
    Password: 'forge-strong-42',
    'Confirm password': 'forge-strong-42',
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
  fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));

  const failure = await within(form).findByText(FORM_MESSAGE);
  expect(failure.getAttribute('role')).toBe('alert');
  const email = field('Email');
  await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = email.getAttribute('aria-describedby')?.split(' ')[0];
  expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(FIELD_MESSAGE);
  expect(customerState.auth.user).toBeNull();
});
