import { useId } from 'react';
import styles from './rating.module.css';

const STAR = 'M8 .8l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L.8 6.1l5-.7z';

/** Stars filled to the rating (0–5); the numbers are what a screen reader hears. */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const gradient = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const fill = Math.max(0, Math.min(1, rating / 5));
  const label =
    reviewCount > 0
      ? `Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`
      : 'No reviews yet';
  return (
    <span className={styles.rating} role="img" aria-label={label}>
      <svg width="80" height="16" viewBox="0 0 80 16" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} gradientUnits="userSpaceOnUse" x1="0" x2="80" y1="0" y2="0">
            <stop offset={fill} stopColor="#d97706" />
            <stop offset={fill} stopColor="#c9ced6" />
          </linearGradient>
        </defs>
        {[0, 1, 2, 3, 4].map((index) => (
          <path
            key={index}
            d={STAR}
            transform={`translate(${index * 16} 0)`}
            fill={`url(#${gradient})`}
          />
        ))}
      </svg>
      {reviewCount > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {rating.toFixed(1)} ({reviewCount})
        </span>
      ) : null}
    </span>
  );
}
