import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormFailure } from '../../components/ui/form-failure.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { apiErrorText, failureMessage } from '../../lib/failure-message.ts';
import { frenchI18n, testI18n } from '../../testing/i18n.ts';
import { useFormSubmit, useSendForm } from '../use-form-submit.ts';
import { useSchemaForm } from '../use-schema-form.ts';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string().min(1, 'Email is required'),
});

const loadSchema = () => Promise.resolve(schema);

function Form({
  send,
  load = loadSchema,
}: {
  send: (body: z.output<typeof schema>) => Promise<unknown>;
  load?: () => Promise<typeof schema>;
}) {
  const form = useSchemaForm(load, { name: '', email: '' });
  const submission = useFormSubmit(form, 'It did not work. Please try again.');
  return (
    <form
      noValidate
      aria-label="Example"
      onSubmit={submission.onSubmit((body) => void send(body).catch(submission.fail))}
    >
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Email" {...form.field('email')} />
      <FormFailure message={submission.failure} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFormSubmit', () => {
  afterEach(cleanup);

  it('shows each invalid field’s message and focuses the first one; nothing is sent', async () => {
    const sent: unknown[] = [];
    render(<Form send={async (body) => sent.push(body)} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(sent).toEqual([]);
  });

  it('puts the server’s field errors beside their fields and its message above the button', async () => {
    render(
      <Form
        send={() =>
          Promise.reject(
            new ApiError(400, 'Check the e-mail.', [{ path: 'body.email', message: 'Taken' }]),
          )
        }
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const beside = await screen.findByText('Taken');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(beside.id);
    expect(screen.getByText('Check the e-mail.').getAttribute('role')).toBe('alert');
  });

  it('on a French page, says the server’s English field errors in French', async () => {
    const taken = new ApiError(
      409,
      'This e-mail already has an account. Sign in, or reset your password if you have forgotten it.',
      [
        { path: 'body.email', message: 'This e-mail already has an account.' },
        { path: 'body.name', message: 'Enter a valid email address' },
      ],
      true,
      null,
      { code: 'email_taken' },
    );
    render(
      <I18nProvider i18n={frenchI18n}>
        <Form send={() => Promise.reject(taken)} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Unknown to the form's rules: the code's meaning, beside the field and above the button.
    const said = 'Un compte utilise déjà ce courriel.';
    await waitFor(() => expect(screen.getAllByText(said)).toHaveLength(2));
    const describedBy = screen.getByLabelText('Email').getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe(said);
    // A message the form's rules know keeps its own French.
    expect(screen.getByText('Entrez une adresse courriel valide')).toBeTruthy();
  });

  it('imports the rules at the first input on the page, and again after an import that failed', async () => {
    const sent: unknown[] = [];
    let imports = 0;
    const load = () => {
      imports += 1;
      return imports <= 2 ? Promise.reject(new TypeError('Failed to fetch')) : loadSchema();
    };
    render(<Form send={async (body) => sent.push(body)} load={load} />);
    // Not while the page loads: running zod would be a long task then.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(imports).toBe(0);
    // A key pressed anywhere on the page starts it, once.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.pointerDown(screen.getByLabelText('Name'));
    await waitFor(() => expect(imports).toBe(1));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('We could not reach the shop. Check your connection and try again.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Ada', email: 'a@b.ca' }]));
    expect(imports).toBe(3);
  });
});

describe('failureMessage', () => {
  it('explains a lost connection, a rate limit, a server message, or falls back', () => {
    expect(failureMessage(new ApiError(0, ''), 'x')).toBe(
      'We could not reach the shop. Check your connection and try again.',
    );
    expect(failureMessage(new ApiError(429, ''), 'x')).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(failureMessage(new ApiError(401, 'Wrong e-mail or password.'), 'x')).toBe(
      'Wrong e-mail or password.',
    );
    expect(failureMessage(new Error('boom'), 'Fallback.')).toBe('Fallback.');
  });

  it('says a server error in the page’s language: its own words in English, its code’s in French', () => {
    const refused = new ApiError(404, 'That discount code does not exist.', [], true, null, {
      code: 'discount_unknown',
    });
    expect(apiErrorText(refused)).toBe('That discount code does not exist.');
    expect(apiErrorText(refused, testI18n)).toBe('That discount code does not exist.');
    expect(apiErrorText(refused, testI18n, 'The field’s own error.')).toBe(
      'The field’s own error.',
    );
    expect(apiErrorText(refused, frenchI18n, 'The field’s own error.')).toBe(
      'Ce code de rabais n’existe pas.',
    );
    expect(failureMessage(refused, 'x', frenchI18n)).toBe('Ce code de rabais n’existe pas.');
    // No code (a proxy's answer): nothing better to say than what came.
    const uncoded = new ApiError(502, 'Bad gateway', [], true);
    expect(apiErrorText(uncoded, frenchI18n)).toBe('Bad gateway');
    // The client's own fallback is translated.
    expect(apiErrorText(new ApiError(500, 'Request failed (500).'), frenchI18n)).toBe(
      'La requête a échoué (500).',
    );
  });
});

function SendForm({ answer }: { answer: () => Promise<{ message?: string }> }) {
  const form = useSchemaForm(loadSchema, { name: '', email: '' });
  const mutation = {
    mutate(
      _body: z.output<typeof schema>,
      options: { onSuccess(response: { message?: string }): void; onError(error: unknown): void },
    ) {
      answer().then(options.onSuccess, options.onError);
    },
  };
  const { failure, onSubmit, sent, sentRef, again } = useSendForm(form, mutation, {
    sent: 'Thanks, we got it.',
    failed: 'It did not work. Please try again.',
  });
  if (sent) {
    return (
      <div ref={sentRef} tabIndex={-1} data-testid="sent">
        <p role="status">{sent}</p>
        <button onClick={again}>Again</button>
      </div>
    );
  }
  return (
    <form noValidate aria-label="Example" onSubmit={onSubmit}>
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Email" {...form.field('email')} />
      <FormFailure message={failure} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useSendForm', () => {
  afterEach(cleanup);

  const fill = () => {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  };

  it('shows the server’s message once sent, or the fallback; "again" brings back an empty form', async () => {
    const answers = [{ message: 'Booked for Monday.' }, {}];
    render(<SendForm answer={async () => answers.shift()!} />);
    fill();
    expect((await screen.findByRole('status')).textContent).toBe('Booked for Monday.');
    fireEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    fill();
    expect((await screen.findByRole('status')).textContent).toBe('Thanks, we got it.');
  });

  it('brings the confirmation into view and focuses it, the form it replaces may have been taller', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi
      .spyOn(HTMLElement.prototype, 'scrollIntoView')
      .mockImplementation(function (this: HTMLElement) {
        scrolled.push(this);
      });
    render(<SendForm answer={async () => ({})} />);
    fill();
    await screen.findByRole('status');
    const confirmation = screen.getByTestId('sent');
    expect(scrolled).toEqual([confirmation]);
    expect(document.activeElement).toBe(confirmation);
    scrollIntoView.mockRestore();
  });

  it('keeps the form and says why when the request fails', async () => {
    render(<SendForm answer={() => Promise.reject(new ApiError(500, ''))} />);
    fill();
    expect(await screen.findByText('It did not work. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ana');
  });
});
