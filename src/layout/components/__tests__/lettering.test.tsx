/**
 * The wordmark and the payment cards draw their lettering as outlines (public/wordmark.svg and
 * public/payment-cards/, from scripts/text-outlines.ts), not SVG text: no font lookups on a page's
 * first layout, while each keeps its accessible name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from '../icons.tsx';
import {
  PAYMENT_METHODS,
  paymentCardPath,
  WORDMARK_FILE,
  WORDMARK_PARTS,
} from '../lettering-files.ts';
import { PaymentIcons } from '../payment-icons.tsx';
import { testI18n } from '../../../testing/i18n.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../../public');
const wordmark = readFileSync(path.join(publicDir, WORDMARK_FILE), 'utf8');
/** The outline of each `<path id>` of the wordmark's file. */
const wordmarkOutlines = new Map(
  [...wordmark.matchAll(/<path id="([^"]+)" d="([^"]+)"\/>/g)].map(([, id, d]) => [id, d]),
);

describe('lettering as outlines', () => {
  it('draws the wordmark without SVG text, named "Forge Nutrition", its lettering from its file', () => {
    for (const light of [false, true]) {
      const { container, unmount } = render(<Logo light={light} />);
      const logo = screen.getByRole('img', { name: 'Forge Nutrition' });
      expect(container.querySelectorAll('text')).toHaveLength(0);
      const uses = [...logo.querySelectorAll('use')];
      expect(uses.map((use) => use.getAttribute('href'))).toEqual(
        WORDMARK_PARTS.map((part) => `${WORDMARK_FILE}#${part}`),
      );
      // Each part coloured here, for the dark header or the light one.
      expect(uses.map((use) => use.getAttribute('fill'))).toEqual(
        light ? ['#ffffff', '#ffb08a'] : ['#15171c', '#b93a06'],
      );
      unmount();
    }
    // The file holds a path for each part, uncoloured (the `<use>` colours it), and no text.
    expect([...wordmarkOutlines.keys()]).toEqual([...WORDMARK_PARTS]);
    expect(wordmark).not.toMatch(/<text\b|fill=/);
    expect(wordmark).toContain('viewBox="0 0 164 36"');
  });

  it('shows the ten payment cards as images of their own, each named, loaded when near', () => {
    render(
      <I18nProvider i18n={testI18n}>
        <PaymentIcons />
      </I18nProvider>,
    );
    const list = screen.getByRole('list', { name: 'Accepted payment methods' });
    const cards = [...list.querySelectorAll('img')];
    expect(cards.map((card) => card.getAttribute('alt'))).toEqual([...PAYMENT_METHODS]);
    expect(cards.map((card) => card.getAttribute('src'))).toEqual(
      PAYMENT_METHODS.map(paymentCardPath),
    );
    for (const card of cards) {
      expect(card.getAttribute('loading')).toBe('lazy');
      expect([card.getAttribute('width'), card.getAttribute('height')]).toEqual(['48', '30']);
    }
  });

  it('draws each payment card file without SVG text, named, at the card size', () => {
    for (const method of PAYMENT_METHODS) {
      const svg = readFileSync(path.join(publicDir, paymentCardPath(method)), 'utf8');
      expect(svg, method).not.toMatch(/<text\b/);
      expect(svg, method).toContain(`<title>${method}</title>`);
      expect(svg, method).toContain(`role="img" aria-label="${method}"`);
      expect(svg, method).toContain('viewBox="0 0 48 30"');
      for (const [, outline] of svg.matchAll(/<path d="([^"]+)"/g)) {
        expect(outline).toMatch(/^[mMlhvqcszZ\d.\s,-]+$/);
      }
    }
  });

  it('outlines are well-formed path data', () => {
    for (const outline of wordmarkOutlines.values()) {
      expect(outline).toMatch(/^m[-\d.]/);
      expect(outline).toMatch(/^[mlhvqcz\d.\s-]+$/);
    }
  });
});
