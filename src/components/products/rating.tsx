import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import { pluralForm } from '../../lib/i18n/plural-form.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import styles from './rating.module.css';

/** Five stars as one path: listings show dozens of ratings, so each costs as few nodes as it can. */
const STARS = [0, 16, 32, 48, 64]
  .map((x) => `M${8 + x} .8l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L${0.8 + x} 6.1l5-.7z`)
  .join('');

/** Stars filled to the rating (0–5); the numbers are what a screen reader hears. */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const { t } = useLingui();
  const gradient = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const fill = Math.max(0, Math.min(1, rating / 5));
  const locale = useLocale();
  const score = formatScore(rating, locale);
  // Every card of a listing renders one: its form is chosen without Intl (plural-form.ts).
  const form = pluralForm(reviewCount, locale);
  const label =
    reviewCount > 0
      ? t`${select(form, {
          one: `Rated ${score} out of 5 from ${reviewCount} review`,
          other: `Rated ${score} out of 5 from ${reviewCount} reviews`,
        })}`
      : t`No reviews yet`;
  return (
    <span className={styles.rating} role="img" aria-label={label}>
      <svg width="80" height="16" viewBox="0 0 80 16" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} gradientUnits="userSpaceOnUse" x1="0" x2="80" y1="0" y2="0">
            <stop offset={fill} stopColor="#d97706" />
            <stop offset={fill} stopColor="#c9ced6" />
          </linearGradient>
        </defs>
        <path d={STARS} fill={`url(#${gradient})`} />
      </svg>
      {reviewCount > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {score} ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}

/** A rating with one decimal, as the page's language writes it: '4.5', '4,5'. */
export function formatScore(rating: number, locale: Locale): string {
  const fixed = rating.toFixed(1);
  return locale === 'fr-CA' ? fixed.replace('.', ',') : fixed;
}
