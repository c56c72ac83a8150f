import { createHash } from 'node:crypto';
import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Database } from './types';

type Db = Kysely<Database>;

/**
 * Statements built once and run many times (docs/decisions/029-marketplace-statements-built-once.md).
 *
 * A hot read whose SQL depends only on its *shape* (which filters are present, which sort) is
 * built with Kysely once per shape, with a `Slot` wherever a request's value goes, and compiled.
 * Each request then only binds its values into the compiled parameters: no query building, no
 * compiling. With `prepare`, on PostgreSQL the text is also sent as a named prepared statement, so
 * each pooled connection parses it once and PostgreSQL can keep its plan: only for a statement
 * whose best plan does not depend on its values (a generic plan guesses them).
 */

/** Where one of a request's values goes in a statement built once. */
export class Slot<K extends string = string> {
  constructor(readonly name: K) {}
}

/** What a statement's builder writes where a request's value goes (a typed stand-in). */
export type SlotOf<V> = <K extends keyof V & string>(name: K) => NonNullable<V[K]>;

interface Template {
  compiled: CompiledQuery;
}

const templatesByDb = new WeakMap<Db, Map<string, Template>>();

/** SQL texts to send as named prepared statements, with their names (see `statementNameOf`). */
const statementNames = new Map<string, string>();

/**
 * At most this many texts are named. Every PostgreSQL connection keeps each named statement it has
 * run (and its plan) until it closes, so the names are bounded: past the cap a new shape runs
 * unnamed, planned each time like any other statement. The marketplace's stats use a few dozen.
 */
export const MAX_NAMED_STATEMENTS = 256;

/**
 * The prepared-statement name of a SQL text registered by `runPrepared`, if any: the pg
 * driver sends such a text with this name, parsing it once per connection
 * (database.ts `nameRegisteredStatements`).
 */
export const statementNameOf = (text: string): string | undefined => statementNames.get(text);

/**
 * The statement of `shape`: built by `build` (once per database handle and shape), then bound to
 * `values` on each call. Every value the statement depends on must come through the `slot`
 * function; anything else is fixed into the statement for that shape. A value the shape does not
 * use may be left undefined; one it uses may not.
 */
export async function runPrepared<V extends object, R>(
  db: Db,
  shape: string,
  build: (slot: SlotOf<V>) => Compilable<R>,
  values: V,
  options: { prepare: boolean },
): Promise<R[]> {
  let templates = templatesByDb.get(db);
  if (!templates) {
    templates = new Map();
    templatesByDb.set(db, templates);
  }
  let template = templates.get(shape);
  if (!template) {
    const slot = ((name: string) => new Slot(name)) as unknown as SlotOf<V>;
    const compiled = build(slot).compile();
    if (options.prepare && !statementNames.has(compiled.sql) && statementNames.size < MAX_NAMED_STATEMENTS) {
      const digest = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20);
      statementNames.set(compiled.sql, `plinth_${digest}`);
    }
    template = { compiled };
    templates.set(shape, template);
  }
  const { compiled } = template;
  const parameters = compiled.parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    const value = (values as Record<string, unknown>)[p.name];
    if (value === undefined) throw new Error(`No value for slot ${p.name} of statement ${shape}`);
    return value;
  });
  // The template's operation tree is kept, so the change tracker sees a read.
  const result = await db.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() });
  return result.rows;
}
