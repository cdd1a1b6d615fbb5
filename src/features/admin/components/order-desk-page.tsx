/**
 * The staff's order list: a status filter with the count of each status (for the other filters), a
 * date range and a search (order number, e-mail or name), a table sorted by date or total and paged
 * by the server, and "Export CSV" of the same filters. Every choice lives in the URL (`search`), so
 * a view can be reloaded, shared or bookmarked; changing a filter goes back to page 1. Rows link to
 * the order.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import type { AdminOrderSummary } from '../../../../contract/admin.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../../contract/checkout-rules.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { ordersCsvUrl, useDeskOrders } from '../api/desk-orders.ts';
import { deskQuery, deskStatus } from '../lib/desk-query.ts';
import { DESK_SORTS, type DeskSearch, type DeskSort } from '../lib/desk-search.ts';
import styles from './admin.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { DeskNav } from './desk-nav.tsx';
import frame from '../../../components/ui/page-frame.module.css';
import { DeskPager } from './desk-pager.tsx';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const column = createColumnHelper<typeof features, AdminOrderSummary>();
const SORTABLE = new Set<string>(DESK_SORTS);

const columns = column.columns([
  column.accessor('number', {
    header: () => <Trans>Order</Trans>,
    cell: (info) => (
      <Link to="/admin/orders/$orderId" params={{ orderId: info.row.original.id }}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('createdAt', {
    header: () => <Trans>Date</Trans>,
    cell: (info) => <time dateTime={info.getValue()}>{formatOrderDateTime(info.getValue())}</time>,
  }),
  column.accessor('name', {
    header: () => <Trans>Customer</Trans>,
    cell: (info) => (
      <>
        {info.getValue()}
        <span className={styles.muted}>{info.row.original.email}</span>
      </>
    ),
  }),
  column.accessor('status', {
    header: () => <Trans>Status</Trans>,
    cell: (info) => <span className={styles.badge}>{ORDER_STATUS_LABELS[info.getValue()]}</span>,
  }),
  column.accessor('itemCount', {
    header: () => <Trans>Items</Trans>,
    cell: (info) => <ItemCount count={info.getValue()} />,
  }),
  column.accessor('total', {
    header: () => <Trans>Total</Trans>,
    cell: (info) => <Money cents={info.getValue()} />,
    meta: { numeric: true },
  }),
]);

const NO_ROWS: AdminOrderSummary[] = [];

function Money({ cents }: { cents: number }) {
  return formatMoney(cents, useLocale());
}

function ItemCount({ count }: { count: number }) {
  return <Plural value={count} one="# item" other="# items" />;
}

export function OrderDeskPage({ search }: { search: DeskSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const query = deskQuery(search);
  const current = deskStatus(search);
  const orders = useDeskOrders(query);
  const page = orders.data;

  /** A new view: filters merge into the current ones; page 1 unless the page is what changed. */
  function go(next: Partial<DeskSearch>) {
    const merged: DeskSearch = { ...search, page: undefined, ...next };
    if (merged.page === 1) merged.page = undefined;
    void navigate({ to: '/admin/orders', search: merged });
  }

  const sorting: SortingState = [{ id: query.sort, desc: query.order === 'desc' }];
  const pagination: PaginationState = { pageIndex: query.page - 1, pageSize: query.limit };
  const table = useTable({
    features,
    columns,
    data: page?.items ?? NO_ROWS,
    getRowId: (row) => row.id,
    state: { sorting, pagination },
    manualSorting: true,
    manualPagination: true,
    rowCount: page?.total ?? 0,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: true,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      if (next) go({ sort: next.id as DeskSort, order: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      go({ page: next.pageIndex + 1 });
    },
  });

  const total = page?.total ?? 0;
  const counts = page?.counts;
  const all = counts ? ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0) : null;
  const caption =
    query.sort === 'total'
      ? query.order === 'desc'
        ? t`Orders, sorted by total, descending`
        : t`Orders, sorted by total, ascending`
      : query.order === 'desc'
        ? t`Orders, sorted by date, descending`
        : t`Orders, sorted by date, ascending`;
  const countText = (n: number | null | undefined) =>
    n === null || n === undefined ? '' : ` (${n})`;

  return (
    <main id="main" className={frame.page}>
      <DeskNav />
      <p className={frame.eyebrow}>
        <Trans>Staff</Trans>
      </p>
      <h1 className={frame.title}>
        <Trans>Order desk</Trans>
      </h1>

      <div role="group" aria-label={t`Filter by status`} className={styles.statusFilter}>
        <ul>
          <li>
            <button
              type="button"
              aria-pressed={!current}
              className={styles.statusChip}
              onClick={() => go({ status: undefined })}
            >
              <Trans>All</Trans>
              {countText(all)}
            </button>
          </li>
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <button
                type="button"
                aria-pressed={current === status}
                className={styles.statusChip}
                onClick={() => go({ status })}
              >
                {ORDER_STATUS_LABELS[status]}
                {countText(counts?.[status])}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <DeskFilters
        key={`${search.q ?? ''}|${search.from ?? ''}|${search.to ?? ''}`}
        search={search}
        onApply={go}
      />

      <div className={styles.toolbar}>
        <p className={styles.muted} role="status">
          {page ? <Plural value={total} one="# order" other="# orders" /> : ''}
        </p>
        <a
          href={ordersCsvUrl(query)}
          download
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
        >
          <Trans>Export CSV</Trans>
        </a>
      </div>

      {orders.isPending ? (
        <Spinner label={t`Loading orders`} />
      ) : !page ? (
        <LoadFailure
          message={failureMessage(orders.error, t`The orders could not be loaded.`)}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <>
          <div className={styles.tableScroll}>
            <table className={styles.table} aria-busy={orders.isPlaceholderData || undefined}>
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sortable = SORTABLE.has(header.column.id);
                      const sorted = sortable ? header.column.getIsSorted() : false;
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={
                            sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : undefined
                          }
                          className={header.column.id === 'total' ? styles.numeric : undefined}
                        >
                          {sortable ? (
                            <button
                              type="button"
                              className={styles.sortButton}
                              onClick={header.column.getToggleSortingHandler()}
                            >
                              <table.FlexRender header={header} />
                              <span aria-hidden="true">
                                {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                              </span>
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cell.column.id === 'total' ? styles.numeric : undefined}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.total === 0 ? (
            <p>
              <Trans>No orders match these filters.</Trans>
            </p>
          ) : null}
          <DeskPager
            page={page.page}
            totalPages={page.totalPages}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
    </main>
  );
}

/** The search box and the date range, applied together ("Search"); "Clear" drops all three. */
function DeskFilters({
  search,
  onApply,
}: {
  search: DeskSearch;
  onApply: (next: Partial<DeskSearch>) => void;
}) {
  const { t } = useLingui();
  const [q, setQ] = useState(search.q ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const backwards = from !== '' && to !== '' && from > to;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (backwards) return;
    onApply({ q: q.trim() || undefined, from: from || undefined, to: to || undefined });
  }

  return (
    <form role="search" aria-label={t`Find orders`} className={styles.filters} onSubmit={onSubmit}>
      <TextField
        label={t`Search orders`}
        type="search"
        name="q"
        value={q}
        hint={t`Order number, e-mail or name`}
        onChange={(event) => setQ(event.target.value)}
      />
      <TextField
        label={t`From`}
        type="date"
        name="from"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label={t`To`}
        type="date"
        name="to"
        value={to}
        error={backwards ? t`Must be on or after the “From” date.` : null}
        onChange={(event) => setTo(event.target.value)}
      />
      <div className={styles.filterActions}>
        <button type="submit" className={buttonClassName({ variant: 'dark' })}>
          <Trans>Search</Trans>
        </button>
        {search.q || search.from || search.to ? (
          <button
            type="button"
            className={buttonClassName({ variant: 'ghost' })}
            onClick={() => onApply({ q: undefined, from: undefined, to: undefined })}
          >
            <Trans>Clear</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
