import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { testI18n } from '../../../testing/i18n.ts';
import { ErrorBoundary } from '../crash-screen.tsx';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

test("a crash shows 'Something went wrong. Try refreshing.' with a way to reload", () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  // As in the app: the boundary sits inside the page's I18nProvider.
  render(
    <I18nProvider i18n={testI18n}>
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>
    </I18nProvider>,
  );
  expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Try refreshing.');
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  logged.mockRestore();
});
