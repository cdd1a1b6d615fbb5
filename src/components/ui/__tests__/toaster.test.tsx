import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { toast, toastState } from '../../../stores/toasts.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { Toaster } from '../toaster.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  toastState.toasts.splice(0);
  vi.useRealTimers();
});

const renderToaster = () =>
  render(
    <I18nProvider i18n={testI18n}>
      <Toaster />
    </I18nProvider>,
  );

const messages = () => screen.queryAllByTestId('toast').map((item) => item.textContent);

describe('toasts', () => {
  test('each closes by itself 5000 ms after it appeared', async () => {
    renderToaster();
    await act(async () => {
      toast.success('Saved.');
      await vi.advanceTimersByTimeAsync(2000);
      toast('Second.');
    });
    expect(messages()).toEqual(['Saved.×', 'Second.×']);
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(messages()).toEqual(['Saved.×', 'Second.×']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(messages()).toEqual(['Second.×']);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(messages()).toEqual([]);
  });

  test('errors are announced as alerts, others as status; each can be dismissed early', async () => {
    renderToaster();
    await act(async () => {
      toast.error('Failed to log out.');
      toast('Logged out successfully.');
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to log out.');
    expect(screen.getByRole('status').textContent).toContain('Logged out successfully.');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    });
    expect(messages()).toEqual(['Logged out successfully.×']);
  });
});
