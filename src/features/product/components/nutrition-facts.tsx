import type { NutritionFacts as Facts } from '../../../../contract/catalog.ts';
import styles from './product-details.module.css';

export function NutritionFacts({ facts }: { facts: Facts }) {
  const hasDailyValues = facts.rows.some((row) => row.dailyValue);
  return (
    <table className={styles.nutrition}>
      <caption className={styles.nutritionCaption}>
        <span className={styles.nutritionTitle}>Nutrition Facts</span>
        <span>
          Serving size {facts.servingSize} · {facts.servingsPerContainer} servings per container
        </span>
      </caption>
      <thead>
        <tr>
          <th scope="col">Per serving</th>
          <th scope="col">Amount</th>
          {hasDailyValues ? <th scope="col">% Daily Value</th> : null}
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
