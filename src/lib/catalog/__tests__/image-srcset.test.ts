import { describe, expect, test } from 'vitest';
import { imageSrcSet, smallImageUrl } from '../image-srcset.ts';

describe('imageSrcSet', () => {
  test('a catalog PNG offers its 200, 400 and 800 px renderings, 400 being the plain URL', () => {
    expect(imageSrcSet('/api/v1/images/products/whey/1.png?v=abc')).toBe(
      '/api/v1/images/products/whey/1.png?v=abc&w=200 200w, /api/v1/images/products/whey/1.png?v=abc 400w, /api/v1/images/products/whey/1.png?v=abc&w=800 800w',
    );
    expect(imageSrcSet('/api/v1/images/brands/apex/1.png')).toBe(
      '/api/v1/images/brands/apex/1.png?w=200 200w, /api/v1/images/brands/apex/1.png 400w, /api/v1/images/brands/apex/1.png?w=800 800w',
    );
  });

  test('any other image has no srcset', () => {
    expect(imageSrcSet('/api/v1/images/products/whey/1.svg?v=abc')).toBeUndefined();
    expect(imageSrcSet('https://cdn.example.com/whey.png')).toBeUndefined();
  });
});

describe('smallImageUrl', () => {
  test('a catalog PNG at 200 px', () => {
    expect(smallImageUrl('/api/v1/images/products/whey/1.png?v=abc')).toBe(
      '/api/v1/images/products/whey/1.png?v=abc&w=200',
    );
    expect(smallImageUrl('/api/v1/images/brands/apex/1.png')).toBe(
      '/api/v1/images/brands/apex/1.png?w=200',
    );
  });

  test('any other image as it is', () => {
    expect(smallImageUrl('/api/v1/images/products/whey/1.svg?v=abc')).toBe(
      '/api/v1/images/products/whey/1.svg?v=abc',
    );
    expect(smallImageUrl('https://cdn.example.com/whey.png')).toBe(
      'https://cdn.example.com/whey.png',
    );
  });
});
