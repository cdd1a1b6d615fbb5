import { useId, useState, type FormEvent } from 'react';
import type { Facet, SearchFacets } from '../../../contract/search.ts';
import { asSentence, formatMoney } from '../../lib/format.ts';
import {
  listOf,
  toggleInList,
  type ListingFilterName,
  type ListingSearch,
} from '../../lib/catalog/listing-search.ts';
import styles from './listing-filters.module.css';
import type { UpdateSearch } from './product-listing.tsx';

const GROUPS: { name: ListingFilterName; key: keyof SearchFacets; legend: string }[] = [
  { name: 'category', key: 'categories', legend: 'Category' },
  { name: 'brand', key: 'brands', legend: 'Brand' },
  { name: 'flavor', key: 'flavors', legend: 'Flavor' },
];

/** Long facet lists show this many values until the shopper asks for the rest. */
const COLLAPSED_COUNT = 8;

export function ListingFilters({
  search,
  facets,
  fixedFacet,
  onUpdate,
}: {
  search: ListingSearch;
  facets: SearchFacets;
  fixedFacet?: ListingFilterName | undefined;
  onUpdate: UpdateSearch;
}) {
  return (
    <div className={styles.filters}>
      <h2 className={styles.heading}>Filters</h2>
      {GROUPS.filter((group) => group.name !== fixedFacet).map((group) => (
        <FacetGroup
          key={group.name}
          legend={group.legend}
          facets={facets[group.key] as Facet[]}
          selected={listOf(search[group.name])}
          onToggle={(slug) =>
            onUpdate((previous) => ({
              ...previous,
              [group.name]: toggleInList(previous[group.name], slug),
            }))
          }
        />
      ))}
      <PriceFilter
        key={`${search.minPrice ?? ''}-${search.maxPrice ?? ''}`}
        search={search}
        range={facets.priceRange}
        onUpdate={onUpdate}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Availability</legend>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={Boolean(search.inStock)}
            onChange={(event) => {
              const inStock = event.target.checked || undefined;
              onUpdate((previous) => ({ ...previous, inStock }));
            }}
          />
          <span>In stock only</span>
        </label>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Rating</legend>
        {[
          { value: undefined, label: 'Any rating' },
          { value: 4, label: '4 stars & up' },
          { value: 3, label: '3 stars & up' },
        ].map((option) => (
          <label key={option.label} className={styles.option}>
            <input
              type="radio"
              name="minRating"
              checked={(search.minRating || undefined) === option.value}
              onChange={() => onUpdate((previous) => ({ ...previous, minRating: option.value }))}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function FacetGroup({
  legend,
  facets,
  selected,
  onToggle,
}: {
  legend: string;
  facets: Facet[];
  selected: string[];
  onToggle: (slug: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Selected values stay visible even when they have no matches left.
  const shown = facets.filter((facet) => facet.count > 0 || selected.includes(facet.slug));
  if (shown.length === 0) return null;
  const visible = expanded ? shown : shown.slice(0, COLLAPSED_COUNT);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <ul id={listId} className={styles.list}>
        {visible.map((facet) => (
          <li key={facet.slug}>
            <label className={styles.option}>
              <input
                type="checkbox"
                checked={selected.includes(facet.slug)}
                onChange={() => onToggle(facet.slug)}
              />
              <span className={styles.optionName}>{facet.name}</span>
              <span className={styles.optionCount}>
                <span className="visually-hidden">, </span>
                {facet.count}
                <span className="visually-hidden"> products</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {shown.length > COLLAPSED_COUNT ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show fewer' : `Show all ${shown.length}`}
        </button>
      ) : null}
    </fieldset>
  );
}

function PriceFilter({
  search,
  range,
  onUpdate,
}: {
  search: ListingSearch;
  range: SearchFacets['priceRange'];
  onUpdate: UpdateSearch;
}) {
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  const [min, setMin] = useState(search.minPrice?.toString() ?? '');
  const [max, setMax] = useState(search.maxPrice?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const parse = (value: string) => (value.trim() === '' ? undefined : Number(value));
    const minPrice = parse(min);
    const maxPrice = parse(max);
    const bad = (value: number | undefined) =>
      value !== undefined && (!Number.isInteger(value) || value < 0);
    if (bad(minPrice) || bad(maxPrice)) {
      setError('Enter whole dollar amounts, like 25.');
      return;
    }
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      setError('The minimum must not be above the maximum.');
      return;
    }
    setError(null);
    onUpdate((previous) => ({ ...previous, minPrice, maxPrice }));
  }

  return (
    <form className={styles.group} onSubmit={apply} noValidate>
      <fieldset className={styles.bare}>
        <legend className={styles.legend}>Price (CAD)</legend>
        {range.min !== null && range.max !== null ? (
          <p className={styles.hint}>
            From {formatMoney(range.min)} to {formatMoney(range.max)}
          </p>
        ) : null}
        <div className={styles.priceRow}>
          <label htmlFor={minId} className="visually-hidden">
            Minimum price in dollars
          </label>
          <input
            id={minId}
            className={styles.priceInput}
            inputMode="numeric"
            placeholder="Min $"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={maxId} className="visually-hidden">
            Maximum price in dollars
          </label>
          <input
            id={maxId}
            className={styles.priceInput}
            inputMode="numeric"
            placeholder="Max $"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className={styles.apply}>
            Apply
          </button>
        </div>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {asSentence(error)}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
