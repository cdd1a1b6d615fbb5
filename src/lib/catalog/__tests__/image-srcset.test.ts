import { describe, expect, test } from 'vitest';
import { imageSrcSet } from '../image-srcset.ts';

describe('imageSrcSet', () => {
  test('a catalog PNG offers its 400 px and 800 px renderings', () => {
    expect(imageSrcSet('/api/v1/images/products/whey/1.png?v=abc')).toBe(
      '/api/v1/images/products/whey/1.png?v=abc 400w, /api/v1/images/products/whey/1.png?v=abc&w=800 800w',
    );
    expect(imageSrcSet('/api/v1/images/brands/apex/1.png')).toBe(
      '/api/v1/images/brands/apex/1.png 400w, /api/v1/images/brands/apex/1.png?w=800 800w',
    );
  });

  test('any other image has no srcset', () => {
    expect(imageSrcSet('/api/v1/images/products/whey/1.svg?v=abc')).toBeUndefined();
    expect(imageSrcSet('https://cdn.example.com/whey.png')).toBeUndefined();
  });
});
