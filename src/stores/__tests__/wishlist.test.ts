import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { WISHLIST_MAX } from '../../../contract/wishlist-rules.ts';
import {
  clearDeviceWishlist,
  deviceWishlist,
  setDeviceHeart,
  subscribeDeviceWishlist,
} from '../wishlist.ts';

const KEY = 'wishlist';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('device hearts', () => {
  test('newest first, once each, stored under "wishlist"; taking one away keeps the rest', () => {
    setDeviceHeart('p-1', true);
    setDeviceHeart('p-2', true);
    setDeviceHeart('p-1', true);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['p-1', 'p-2']);
    setDeviceHeart('p-1', false);
    expect(deviceWishlist()).toEqual(['p-2']);
    // Taking away a heart that is not there changes nothing.
    setDeviceHeart('p-9', false);
    expect(deviceWishlist()).toEqual(['p-2']);
  });

  test('keeps to an account list’s cap, dropping the oldest', () => {
    for (let n = 0; n <= WISHLIST_MAX; n += 1) setDeviceHeart(`p-${n}`, true);
    const ids = deviceWishlist();
    expect(ids).toHaveLength(WISHLIST_MAX);
    expect(ids[0]).toBe(`p-${WISHLIST_MAX}`);
    expect(ids).not.toContain('p-0');
  });

  test('clearing removes the stored list', () => {
    setDeviceHeart('p-1', true);
    clearDeviceWishlist();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(deviceWishlist()).toEqual([]);
  });

  test('an unreadable or foreign stored value is ignored', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(KEY, '{not json');
    expect(deviceWishlist()).toEqual([]);
    localStorage.setItem(KEY, JSON.stringify(['p-1', 7, { _id: 'p-2' }]));
    expect(deviceWishlist()).toEqual(['p-1']);
  });
});

describe('subscribeDeviceWishlist', () => {
  test('hears changes made here and in other tabs, until stopped', () => {
    const heard = vi.fn();
    const stop = subscribeDeviceWishlist(heard);
    setDeviceHeart('p-1', true);
    expect(heard).toHaveBeenCalledTimes(1);

    // Another tab wrote the list: its storage event brings it here.
    localStorage.setItem(KEY, JSON.stringify(['p-3']));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(deviceWishlist()).toEqual(['p-3']);

    stop();
    setDeviceHeart('p-2', true);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
