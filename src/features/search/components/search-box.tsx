/**
 * The search input with its suggestions dropdown, following the WAI-ARIA combobox pattern
 * (role=combobox, aria-expanded, aria-controls, aria-activedescendant; ↑/↓ move through
 * suggestions, Enter opens the active one or submits). Escape, an outside click, Cancel and any
 * navigation call `onClose`; with `cancelLabel` it shows a Cancel button (the mobile search bar).
 *
 * The dropdown opens from 1 typed character; suggestions are fetched for a trimmed term of at
 * least 2 characters, 300 ms after typing stops. Submitting a non-empty term goes to
 * /search/products?q=term; an empty term does nothing.
 *
 * Offline, the suggestions are the saved products that match — those in the
 * query cache, see ../lib/offline-search.ts — in the same dropdown, under a note saying so.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/failure-message.ts';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import {
  MIN_DROPDOWN_LENGTH,
  MIN_SUGGESTION_LENGTH,
  SUGGESTION_DEBOUNCE_MS,
} from '../../../lib/constants.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { suggestionPath, useSuggestions, type Suggestion } from '../api/get-suggestions.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOfflineSearch } from '../hooks/use-offline-search.ts';
import styles from './search-box.module.css';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';

export interface SearchBoxProps {
  placeholder: string;
  autoFocus?: boolean;
  onClose?: () => void;
  cancelLabel?: string;
}

export function SearchBox({ placeholder, autoFocus, onClose, cancelLabel }: SearchBoxProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const term = value.trim();
  const debounced = useDebouncedValue(term, SUGGESTION_DEBOUNCE_MS);
  const online = useOnline();
  const suggestions = useSuggestions(debounced, online);
  const saved = useOfflineSearch(
    !online && debounced.length >= MIN_SUGGESTION_LENGTH ? debounced : null,
    (search, queries) => search.offlineSuggestions(queries, debounced),
  );
  const found = online
    ? {
        data: suggestions.data,
        busy: suggestions.isFetching,
        error:
          suggestions.error instanceof ApiError
            ? apiErrorText(suggestions.error, i18n)
            : (suggestions.error?.message ?? null),
        done: suggestions.isSuccess,
      }
    : {
        data: saved.status === 'success' ? saved.data : undefined,
        busy: saved.status === 'pending',
        error: saved.status === 'error' ? saved.error.message : null,
        done: saved.status === 'success',
      };
  const items = debounced === term && found.data ? found.data : [];
  const wantsSuggestions = term.length >= MIN_SUGGESTION_LENGTH;
  const settled = debounced === term && !found.busy;
  const expanded = term.length >= MIN_DROPDOWN_LENGTH;
  const error = found.error;
  const count = items.length;

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Element;
      // The toggle that opened the box closes it by itself.
      if (target.closest?.('[data-search-toggle]')) return;
      if (!rootRef.current?.contains(target)) onCloseRef.current?.();
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  function go(href: string) {
    setValue('');
    setActiveIndex(-1);
    onClose?.();
    void navigate({ href });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const active = items[activeIndex];
    if (active) return go(suggestionPath(active));
    if (!term) return;
    go(`/search/products?${new URLSearchParams({ q: term }).toString()}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose?.();
      return;
    }
    if (!items.length || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    setActiveIndex((index) => {
      if (index < 0) return step === 1 ? 0 : items.length - 1;
      return (index + step + items.length) % items.length;
    });
  }

  return (
    <form
      ref={rootRef}
      role="search"
      className={styles.root}
      onSubmit={onSubmit}
      data-testid="search-box"
    >
      <div className={styles.inputRow}>
        <input
          ref={inputRef}
          type="search"
          name="q"
          className={styles.input}
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={items[activeIndex] ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setValue(event.target.value);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          <Trans>Search</Trans>
        </button>
        {cancelLabel ? (
          <button type="button" className={styles.cancel} onClick={() => onClose?.()}>
            {cancelLabel}
          </button>
        ) : null}
      </div>

      <div className={styles.dropdown} hidden={!expanded} data-testid="search-dropdown">
        <p className={styles.hint}>
          <Trans>
            Press Enter to search for <strong>{term}</strong> or click a suggestion below:
          </Trans>
        </p>
        {wantsSuggestions && !online ? (
          <p className={styles.offline} role="status" data-testid="offline-suggestions">
            <Trans>Offline — showing products saved on this device</Trans>
          </p>
        ) : null}
        {wantsSuggestions && !settled && found.error === null ? (
          <p className={styles.status} role="status">
            <Trans>Searching...</Trans>
          </p>
        ) : null}
        {wantsSuggestions && settled && found.error !== null ? (
          <p className={styles.error} role="alert">
            <Trans>Error loading suggestions: {error}</Trans>
          </p>
        ) : null}
        {wantsSuggestions && settled && found.done && items.length === 0 ? (
          <div className={styles.empty}>
            <p>
              <Trans>No suggestions found for {term}</Trans>
            </p>
            <p>
              {online
                ? t`Press Enter to search all products`
                : t`While offline, only products saved on this device can be found`}
            </p>
          </div>
        ) : null}
        {items.length > 0 ? (
          <p className={styles.count} role="status">
            {
              // The English text says "suggestions" for one too (the product specification's).
              t`${plural(count, { one: 'Found # suggestions', other: 'Found # suggestions' })}`
            }
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t`Suggestions`} className={styles.list}>
          {items.map((item, index) => (
            <SuggestionOption
              key={`${item.type}-${item._id ?? item.slug ?? item.name}`}
              id={optionId(index)}
              item={item}
              active={index === activeIndex}
              onPick={() => go(suggestionPath(item))}
              onHover={() => setActiveIndex(index)}
            />
          ))}
        </ul>
        {items.length > 0 ? (
          <p className={styles.keys}>
            <Trans>↑↓ Navigate • Enter to select</Trans>
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** The badge naming a suggestion's kind. */
const SUGGESTION_TYPES: Record<Suggestion['type'], MessageDescriptor> = {
  PRODUCT: msg`PRODUCT`,
  CATEGORY: msg`CATEGORY`,
  BRAND: msg`BRAND`,
  FLAVOR: msg`FLAVOR`,
};

function SuggestionOption({
  id,
  item,
  active,
  onPick,
  onHover,
}: {
  id: string;
  item: Suggestion;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <li
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      className={[styles.option, active && styles.active].filter(Boolean).join(' ')}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={onHover}
      data-testid="suggestion"
      data-type={item.type}
    >
      {item.image ? (
        <Thumbnail src={item.image} size={44} className={styles.thumb} />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <span className={styles.body}>
        <span className={styles.titleRow}>
          <span className={styles.badge} data-type={item.type}>
            {i18n._(SUGGESTION_TYPES[item.type])}
          </span>
          <span className={styles.name}>{item.name}</span>
        </span>
        {item.description ? <span className={styles.description}>{item.description}</span> : null}
      </span>
      <span className={styles.meta}>
        {typeof item.relevanceScore === 'number' ? (
          <span className={styles.relevance}>{formatPercent(item.relevanceScore, locale)}</span>
        ) : null}
        {item.type === 'PRODUCT' && typeof item.price === 'number' ? (
          <span className={styles.price}>{formatMoney(item.price, locale)}</span>
        ) : null}
      </span>
    </li>
  );
}
