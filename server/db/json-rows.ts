/**
 * Inserts whose SQL text depends only on the table: the rows travel as one JSON parameter.
 *
 * Drizzle's insert builder walks every value of every row to write its statement, on each call; a
 * placement's write (the order, its lines, its event and its payment) took about 0.6 ms of the
 * shop's CPU to build, more than the rest of its work in JavaScript. Here the text is written once
 * per table and set of columns, and a call only encodes its rows (`JSON.stringify`). The text is
 * also the same however many rows there are, so PostgreSQL prepares it once per connection.
 */
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

interface Template {
  /** `insert into "t" ("a", "b") select "a", "b" from json_populate_recordset(null::"t", ` */
  head: string;
  /** Each row key's column name, in the order of the column list. */
  columns: [key: string, column: string][];
}

const templates = new WeakMap<PgTable, Map<string, Template>>();

function templateOf(table: PgTable, keys: readonly string[]): Template {
  let byKeys = templates.get(table);
  if (!byKeys) templates.set(table, (byKeys = new Map()));
  const id = keys.join(',');
  let template = byKeys.get(id);
  if (!template) {
    const names = getTableColumns(table);
    const columns = keys.map((key): [string, string] => {
      const column = names[key];
      if (!column) throw new Error(`${getTableConfig(table).name} has no column for ${key}`);
      return [key, column.name];
    });
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const tableName = quoted(getTableConfig(table).name);
    const list = columns.map(([, column]) => quoted(column)).join(', ');
    template = {
      head: `insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, `,
      columns,
    };
    byKeys.set(id, template);
  }
  return template;
}

/** The columns every row of `table` is inserted with: all of its columns but `omit`. */
export function insertedColumns<T extends PgTable>(
  table: T,
  omit: readonly (keyof T['$inferInsert'] & string)[] = [],
): string[] {
  return Object.keys(getTableColumns(table)).filter((key) => !omit.includes(key as never));
}

/**
 * `rows` of `table`, each with the keys `keys`, as the JSON parameter `insertJsonRows` takes.
 * Dates are written as their ISO time and objects as JSON, as Drizzle writes them into
 * `timestamptz` and `jsonb` columns; a column of another kind of mapping must not be inserted this
 * way.
 */
export function jsonRows<T extends PgTable>(
  table: T,
  keys: readonly string[],
  rows: readonly T['$inferInsert'][],
): string {
  const { columns } = templateOf(table, keys);
  return JSON.stringify(
    rows.map((row) => {
      const values: Record<string, unknown> = {};
      for (const [key, column] of columns) values[column] = (row as Record<string, unknown>)[key];
      return values;
    }),
  );
}

/**
 * The insert into `table`'s columns `keys` of the rows `json` holds (`jsonRows`, or a statement
 * built once's placeholder of it), unexecuted: a statement of its own or a part of a larger one
 * (`with items as (…)`). With `when` (a condition on the larger statement's other parts) the rows
 * are inserted only where it holds.
 */
export function insertJsonRows(
  table: PgTable,
  keys: readonly string[],
  json: SQLWrapper | string,
  when?: SQL,
): SQL {
  const insert = sql`${sql.raw(templateOf(table, keys).head)}${json}::json)`;
  return when ? sql`${insert} where ${when}` : insert;
}
