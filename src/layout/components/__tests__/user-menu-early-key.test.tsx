/**
 * A key pressed on the account button before the menu's panel (a chunk of its own) has arrived:
 * the menu opens as the panel arrives, with focus on its first item. The test holds the panel's
 * module back until after the key, so the order does not depend on the machine's speed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserMenu } from '../user-menu.tsx';

const panelGate = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
});

vi.mock('../user-menu-panel.tsx', async (importOriginal) => {
  await panelGate.released;
  return importOriginal();
});

test('↓ pressed before the panel has loaded lands on its first item once it arrives', async () => {
  renderWithProviders(<UserMenu dark={false} />);
  const button = await screen.findByTestId('user-menu-button');
  fireEvent.keyDown(button, { key: 'ArrowDown' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(screen.queryByRole('menu')).toBeNull();

  panelGate.release();
  const menu = await screen.findByRole('menu');
  await waitFor(() =>
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Login' })),
  );
  expect(button.getAttribute('aria-expanded')).toBe('true');
});
