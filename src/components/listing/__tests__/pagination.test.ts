import { describe, expect, test } from 'vitest';
import { pageWindow } from '../pagination.tsx';

describe('pageWindow', () => {
  test('few pages: all of them', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  test('many pages: first, last, two either side of the current, gaps between', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  test('a gap of one page is shown as the page, not as an ellipsis', () => {
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
  });
});
