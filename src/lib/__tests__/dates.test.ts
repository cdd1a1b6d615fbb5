import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../contract/locale.ts';
import { formatDate, formatShopDate } from '../dates.ts';

describe('formatDate', () => {
  const day = new Date(2026, 10, 26, 12);
  it('writes the day out in either language', () => {
    expect(formatDate(day)).toBe('November 26, 2026');
    expect(formatDate(day, 'en-CA')).toBe('November 26, 2026');
    expect(formatDate(day, 'fr-CA')).toBe('26 novembre 2026');
  });
});

/** Every 7 hours from 2007 to 2040: each month, weekday and hour of the day, both clock changes. */
function* instants(): Generator<Date> {
  const end = Date.UTC(2040, 0, 1);
  for (let time = Date.UTC(2007, 0, 1); time < end; time += 7 * 60 * 60 * 1000) {
    yield new Date(time);
  }
}

describe('formatDate and formatShopDate against Intl', () => {
  const options = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('build no Intl object, whose locale data is a long task on a phone', async () => {
    vi.resetModules();
    const fresh = await import('../dates.ts');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleDateString');
    for (const locale of LOCALES) {
      fresh.formatDate(new Date(), locale);
      fresh.formatShopDate(new Date(), locale);
    }
    expect(built).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
  it.each(LOCALES)('write every day as Intl does in %s', (locale) => {
    const local = new Intl.DateTimeFormat(locale, options);
    const shop = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'America/Toronto' });
    let checked = 0;
    for (const instant of instants()) {
      expect(formatDate(instant, locale)).toBe(local.format(instant));
      expect(formatShopDate(instant, locale)).toBe(shop.format(instant));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40_000);
  });

  it('takes the day from the shop’s clock at both changes of time', () => {
    // 2026: summer time from 7:00 UTC on March 8 to 6:00 UTC on November 1.
    expect(formatShopDate(new Date('2026-03-08T04:59:00Z'))).toBe('March 7, 2026');
    expect(formatShopDate(new Date('2026-03-08T05:00:00Z'))).toBe('March 8, 2026');
    expect(formatShopDate(new Date('2026-07-01T03:59:00Z'))).toBe('June 30, 2026');
    expect(formatShopDate(new Date('2026-07-01T04:00:00Z'))).toBe('July 1, 2026');
    expect(formatShopDate(new Date('2026-11-01T03:59:00Z'))).toBe('October 31, 2026');
    expect(formatShopDate(new Date('2026-11-01T04:00:00Z'), 'fr-CA')).toBe('1 novembre 2026');
    expect(formatShopDate(new Date('2027-01-01T04:59:00Z'))).toBe('December 31, 2026');
  });
});
