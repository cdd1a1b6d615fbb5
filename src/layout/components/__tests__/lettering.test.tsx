/**
 * The wordmark and the payment cards draw their lettering as outlines (text-outlines.gen.ts), not
 * SVG text: no font lookups on a page's first layout, while each keeps its accessible name.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from '../icons.tsx';
import { PAYMENT_METHODS, PaymentIcons } from '../payment-icons.tsx';
import { PAYMENT_OUTLINES, WORDMARK_OUTLINES } from '../text-outlines.gen.ts';

describe('lettering as outlines', () => {
  it('draws the wordmark without SVG text, named "Forge Nutrition"', () => {
    const { container } = render(<Logo light={false} />);
    const logo = screen.getByRole('img', { name: 'Forge Nutrition' });
    expect(container.querySelectorAll('text')).toHaveLength(0);
    const outlines = [...logo.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(outlines).toEqual(expect.arrayContaining(Object.values(WORDMARK_OUTLINES)));
  });

  it('draws the ten payment cards without SVG text, each named', () => {
    const { container } = render(<PaymentIcons />);
    expect(container.querySelectorAll('text')).toHaveLength(0);
    const list = screen.getByRole('list', { name: 'Accepted payment methods' });
    expect(
      [...list.querySelectorAll('svg')].map((icon) => icon.getAttribute('aria-label')),
    ).toEqual([...PAYMENT_METHODS]);
    const drawn = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    expect(drawn).toEqual(expect.arrayContaining(Object.values(PAYMENT_OUTLINES)));
  });

  it('outlines are well-formed path data', () => {
    for (const outline of [
      ...Object.values(WORDMARK_OUTLINES),
      ...Object.values(PAYMENT_OUTLINES),
    ]) {
      expect(outline).toMatch(/^m[-\d.]/);
      expect(outline).toMatch(/^[mlhvqcz\d.\s-]+$/);
    }
  });
});
