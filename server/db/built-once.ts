/**
 * Statements whose SQL text is built once per process instead of on every run.
 *
 * Drizzle turns a query builder into SQL text each time it runs: it walks the query's tree,
 * checks every node's class and quotes every name. For the few statements every request makes
 * (the session's user, the cart and its lines) that walk cost more CPU than the rest of the
 * request's work in this process. `builtOnce` builds such a statement the first time it runs,
 * with a named placeholder wherever a run's own values go, and keeps its text. Each later run only
 * fills in the values and sends the same text, on whichever executor it is given (the pool, or a
 * transaction's connection), and Drizzle maps the rows back as it would have.
 *
 * The build function gets no run's values: only the executor (to start the builder from) and
 * `p(name)`, the placeholder of a value. Anything it reads from elsewhere is fixed at the first
 * run, so it must not read the clock or a request; a time comparison takes its instant as a value.
 */
import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** The placeholder of one of a statement's values, typed by its name. */
export type Placeholders<Values> = <Name extends keyof Values & string>(
  name: Name,
) => Placeholder<Name, Values[Name]>;

/** A query builder of Drizzle's, which every select, insert, update and delete is. */
interface Preparable<Result> {
  prepare(name?: string): PgPreparedQuery<PreparedQueryConfig & { execute: Result }>;
}

/**
 * What Drizzle's prepared query keeps to map result rows and does not type: the selected fields in
 * order, and which joined tables may be missing from a row.
 */
interface RowMapping {
  fields?: Parameters<Executor['_']['session']['prepareQuery']>[1];
  joinsNotNullableMap?: Record<string, boolean>;
}

interface Built {
  query: Query;
  mapping: RowMapping;
}

const placeholder = ((name: string) => sql.placeholder(name)) as Placeholders<never>;

/**
 * A statement built once: call the result with an executor and the statement's values. Use it for
 * statements the shop runs on most requests; anywhere else, Drizzle's builder reads better.
 */
export function builtOnce<Values extends object, Result>(
  build: (db: Executor, p: Placeholders<Values>) => Preparable<Result>,
): (executor: Executor, values: Values) => Promise<Result> {
  let built: Built | undefined;
  return (executor, values) => {
    if (!built) {
      const prepared = build(executor, placeholder as Placeholders<Values>).prepare();
      const { fields, joinsNotNullableMap } = prepared as unknown as RowMapping;
      built = { query: prepared.getQuery(), mapping: { fields, joinsNotNullableMap } };
    }
    const { query, mapping } = built;
    const prepared = executor._.session.prepareQuery<PreparedQueryConfig & { execute: Result }>(
      query,
      mapping.fields,
      undefined,
      true,
    );
    // A select with joins reads this to leave a missing joined table's columns out as null.
    Object.assign(prepared, { joinsNotNullableMap: mapping.joinsNotNullableMap });
    return prepared.execute(values as Record<string, unknown>);
  };
}

/** Memoizes `make` per key: the statement of each key, built by its first run. */
function perKey<Key, Statement>(make: (key: Key) => Statement): (key: Key) => Statement {
  const statements = new Map<Key, Statement>();
  return (key) => {
    let statement = statements.get(key);
    if (statement === undefined) statements.set(key, (statement = make(key)));
    return statement;
  };
}

/** One `builtOnce` statement per value of a key the text depends on (the language, say). */
export function builtOncePer<Key extends string, Values extends object, Result>(
  build: (key: Key, db: Executor, p: Placeholders<Values>) => Preparable<Result>,
): (key: Key, executor: Executor, values: Values) => Promise<Result> {
  const statementOf = perKey((key: Key) => builtOnce<Values, Result>((db, p) => build(key, db, p)));
  return (key, executor, values) => statementOf(key)(executor, values);
}

const dialect = new PgDialect();

/**
 * A raw statement (Drizzle's `sql`, for what its builders cannot say: a statement of several
 * parts after `with`) built once, as `builtOnce` builds a builder's: call the result with an
 * executor and the statement's values, and it answers the rows as the driver gives them (no
 * mapping, as `db.execute` answers them).
 */
export function sqlBuiltOnce<Values extends object, Row extends Record<string, unknown>>(
  build: (db: Executor, p: Placeholders<Values>) => SQL,
): (executor: Executor, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  return async (executor, values) => {
    query ??= dialect.sqlToQuery(build(executor, placeholder as Placeholders<Values>));
    const prepared = executor._.session.prepareQuery<PreparedQueryConfig & { execute: unknown }>(
      query,
      undefined,
      undefined,
      false,
    );
    const result = (await prepared.execute(values as Record<string, unknown>)) as { rows: Row[] };
    return result.rows;
  };
}

/** One `sqlBuiltOnce` statement per value of a key its text depends on (the parts it has, say). */
export function sqlBuiltOncePer<
  Key extends string,
  Values extends object,
  Row extends Record<string, unknown>,
>(
  build: (key: Key, db: Executor, p: Placeholders<Values>) => SQL,
): (key: Key, executor: Executor, values: Values) => Promise<Row[]> {
  const statementOf = perKey((key: Key) => sqlBuiltOnce<Values, Row>((db, p) => build(key, db, p)));
  return (key, executor, values) => statementOf(key)(executor, values);
}
