// Statements of a fixed shape, built once (docs/decisions/0040-mail-outbox.md#built-once): drizzle
// turns a query builder into SQL text on every call, walking every column and condition, and a
// CPU profile of 50 placements at once gave that walk about a tenth of the server's time. A
// statement whose shape never changes (its values are placeholders) is built here on its first
// use and then only bound to the session it runs on: the pool, or a transaction's connection.
// Its name makes PostgreSQL parse and plan it once per connection too.
//
// This reaches into drizzle's internals (the session's prepareQuery, the dialect, the builder's
// fields): src/server/db/built-once.test.ts checks on both engines that the rows are the
// builder's own, so an upgrade that changes them fails there rather than in a checkout.
import * as drizzle from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Drizzle's own ordering of a select's fields into the paths its row mapper reads (exported, untyped). */
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: (fields: Record<string, unknown>) => unknown };

/** What a select builder with placeholders exposes to be built once (drizzle's own members). */
interface SelectBuilder<Row> {
  getSQL(): SQL;
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

interface Internals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: unknown,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: Record<string, boolean> };
  };
}

interface BuilderInternals {
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * A select built on its first call from `build` (whose values are `sql.placeholder(...)`), then run
 * with `values` on whatever database or transaction it is given. `name` must be unique in the app.
 */
export function builtOnce<Row, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Db) => SelectBuilder<Row>,
  /** Values that match no row, for warmBuiltStatements at start: the statement must only read with them. */
  warmWith?: Values,
): (db: Db, values: Values) => Promise<Row[]> {
  let built:
    { query: { sql: string; params: unknown[] }; fields: unknown; joinsNotNullableMap: Record<string, boolean> | undefined } | undefined;
  const run = async (db: Db, values: Values): Promise<Row[]> => {
    const internals = db as unknown as Internals;
    if (!built) {
      const builder = build(db);
      const parts = builder as unknown as BuilderInternals;
      built = {
        query: internals.dialect.sqlToQuery(builder.getSQL()),
        fields: orderSelectedFields(parts.config.fields),
        joinsNotNullableMap: parts.joinsNotNullableMap,
      };
    }
    const prepared = internals.session.prepareQuery(built.query, built.fields, name, true);
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return (await prepared.execute(values)) as Row[];
  };
  if (warmWith) warmUps.push((db) => run(db, warmWith));
  return run;
}

const warmUps: ((db: Db) => Promise<unknown>)[] = [];

/**
 * Runs once on `db` every statement given values to warm with: at start, on each of the pool's
 * connections (DatabaseHandle.warm), so the first burst of checkouts finds them built, parsed and
 * planned, and the backends' catalog caches filled.
 */
export async function warmBuiltStatements(db: Db): Promise<void> {
  for (const warm of warmUps) await warm(db);
}
