import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Thumbnail } from '../thumbnail.tsx';

afterEach(cleanup);

test('a small, square, decorative picture at its 200 px rendering, fetched as it nears the screen', () => {
  const { container } = render(
    <Thumbnail src="/api/v1/images/products/whey/1.png?v=abc" size={56} className="thumb" />,
  );
  const img = container.querySelector('img')!;
  expect(img.getAttribute('src')).toBe('/api/v1/images/products/whey/1.png?v=abc&w=200');
  expect(img.getAttribute('alt')).toBe('');
  expect([img.width, img.height]).toEqual([56, 56]);
  expect(img.getAttribute('loading')).toBe('lazy');
  expect(img.getAttribute('decoding')).toBe('async');
  expect(img.className).toBe('thumb');
});

test('an image that is not a catalog PNG is shown as it is', () => {
  const { container } = render(<Thumbnail src="https://cdn.example.com/whey.png" size={44} />);
  expect(container.querySelector('img')!.getAttribute('src')).toBe(
    'https://cdn.example.com/whey.png',
  );
});
