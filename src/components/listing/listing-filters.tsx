import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { Facet, SearchFacets } from '../../../contract/search.ts';
import { asSentence, formatMoney } from '../../lib/format.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import {
  listOf,
  toggleInList,
  type ListingFilterName,
  type ListingSearch,
} from '../../lib/catalog/listing-search.ts';
import styles from './listing-filters.module.css';
import type { UpdateSearch } from './product-listing.tsx';

const GROUPS: { name: ListingFilterName; key: keyof SearchFacets; legend: MessageDescriptor }[] = [
  { name: 'category', key: 'categories', legend: msg`Category` },
  { name: 'brand', key: 'brands', legend: msg`Brand` },
  { name: 'flavor', key: 'flavors', legend: msg`Flavor` },
];

const RATINGS: { value: number | undefined; label: MessageDescriptor }[] = [
  { value: undefined, label: msg`Any rating` },
  { value: 4, label: msg`4 stars & up` },
  { value: 3, label: msg`3 stars & up` },
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
  const { i18n } = useLingui();
  return (
    <div className={styles.filters}>
      <h2 className={styles.heading}>
        <Trans>Filters</Trans>
      </h2>
      {GROUPS.filter((group) => group.name !== fixedFacet).map((group) => (
        <FacetGroup
          key={group.name}
          legend={i18n._(group.legend)}
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
        <legend className={styles.legend}>
          <Trans>Availability</Trans>
        </legend>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={Boolean(search.inStock)}
            onChange={(event) => {
              const inStock = event.target.checked || undefined;
              onUpdate((previous) => ({ ...previous, inStock }));
            }}
          />
          <span>
            <Trans>In stock only</Trans>
          </span>
        </label>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <Trans>Rating</Trans>
        </legend>
        {RATINGS.map((option) => (
          <label key={option.value ?? 'any'} className={styles.option}>
            <input
              type="radio"
              name="minRating"
              checked={(search.minRating || undefined) === option.value}
              onChange={() => onUpdate((previous) => ({ ...previous, minRating: option.value }))}
            />
            <span>{i18n._(option.label)}</span>
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
  const total = shown.length;
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
                <span className="visually-hidden">
                  {' '}
                  <Trans comment="After a filter value's number of matching products">
                    products
                  </Trans>
                </span>
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
          {expanded ? <Trans>Show fewer</Trans> : <Trans>Show all {total}</Trans>}
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
  const { t } = useLingui();
  const locale = useLocale();
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  const [min, setMin] = useState(search.minPrice?.toString() ?? '');
  const [max, setMax] = useState(search.maxPrice?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);

  const lowest = range.min !== null ? formatMoney(range.min, locale) : null;
  const highest = range.max !== null ? formatMoney(range.max, locale) : null;

  function apply(event: FormEvent) {
    event.preventDefault();
    const parse = (value: string) => (value.trim() === '' ? undefined : Number(value));
    const minPrice = parse(min);
    const maxPrice = parse(max);
    const bad = (value: number | undefined) =>
      value !== undefined && (!Number.isInteger(value) || value < 0);
    if (bad(minPrice) || bad(maxPrice)) {
      setError(t`Enter whole dollar amounts, like 25.`);
      return;
    }
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      setError(t`The minimum must not be above the maximum.`);
      return;
    }
    setError(null);
    onUpdate((previous) => ({ ...previous, minPrice, maxPrice }));
  }

  return (
    <form className={styles.group} onSubmit={apply} noValidate>
      <fieldset className={styles.bare}>
        <legend className={styles.legend}>
          <Trans>Price (CAD)</Trans>
        </legend>
        {lowest !== null && highest !== null ? (
          <p className={styles.hint}>
            <Trans>
              From {lowest} to {highest}
            </Trans>
          </p>
        ) : null}
        <div className={styles.priceRow}>
          <label htmlFor={minId} className="visually-hidden">
            <Trans>Minimum price in dollars</Trans>
          </label>
          <input
            id={minId}
            className={styles.priceInput}
            inputMode="numeric"
            placeholder={t`Min $`}
            value={min}
            onChange={(event) => setMin(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={maxId} className="visually-hidden">
            <Trans>Maximum price in dollars</Trans>
          </label>
          <input
            id={maxId}
            className={styles.priceInput}
            inputMode="numeric"
            placeholder={t`Max $`}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className={styles.apply}>
            <Trans>Apply</Trans>
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
