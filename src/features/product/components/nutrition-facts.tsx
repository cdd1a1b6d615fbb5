import { Trans } from '@lingui/react/macro';
import type { NutritionFacts as Facts } from '../../../../contract/catalog.ts';
import styles from './product-details.module.css';

export function NutritionFacts({ facts }: { facts: Facts }) {
  const servingSize = facts.servingSize;
  const servings = facts.servingsPerContainer;
  const hasDailyValues = facts.rows.some((row) => row.dailyValue);
  return (
    <table className={styles.nutrition}>
      <caption className={styles.nutritionCaption}>
        <span className={styles.nutritionTitle}>
          <Trans>Nutrition Facts</Trans>
        </span>
        <span>
          <Trans>
            Serving size {servingSize} · {servings} servings per container
          </Trans>
        </span>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Per serving</Trans>
          </th>
          <th scope="col">
            <Trans>Amount</Trans>
          </th>
          {hasDailyValues ? (
            <th scope="col">
              <Trans>% Daily Value</Trans>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {facts.rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.amount}</td>
            {hasDailyValues ? <td>{row.dailyValue ?? '—'}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
