import { Trans } from '@lingui/react/macro';
import { formatMoney } from '../../lib/format.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import styles from './price.module.css';

/** The price, with the compare-at price struck through when the item is on sale. */
export function Price({
  price,
  compareAtPrice,
  size = 'md',
  prefix,
}: {
  price: number;
  compareAtPrice?: number | null;
  size?: 'md' | 'lg';
  prefix?: string;
}) {
  const locale = useLocale();
  const onSale = compareAtPrice != null && compareAtPrice > price;
  return (
    <span className={[styles.price, size === 'lg' && styles.large].filter(Boolean).join(' ')}>
      {prefix ? <span className={styles.prefix}>{prefix} </span> : null}
      <span className={onSale ? styles.sale : styles.current}>
        {onSale ? (
          <span className="visually-hidden">
            <Trans>Sale price</Trans>{' '}
          </span>
        ) : null}
        {formatMoney(price, locale)}
      </span>
      {onSale ? (
        <s className={styles.was}>
          <span className="visually-hidden">
            <Trans>Regular price</Trans>{' '}
          </span>
          {formatMoney(compareAtPrice, locale)}
        </s>
      ) : null}
    </span>
  );
}
