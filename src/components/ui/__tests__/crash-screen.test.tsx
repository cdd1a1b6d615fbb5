import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ErrorBoundary } from '../crash-screen.tsx';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

test("a crash shows 'Something went wrong. Try refreshing.' with a way to reload", () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorBoundary>
      <Broken />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Try refreshing.');
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  logged.mockRestore();
});
