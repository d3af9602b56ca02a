import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { nameStatement } from '../../db/plan-selection';
import type { Database } from '../../db/schema';

/** A parameter of a query template, filled in each time the template is used. */
export class Slot {
  constructor(readonly name: string) {}
}

type Part = { slot: string } | { fixed: unknown };

/**
 * A hot query built with kysely once and then reused as SQL text (issue 6, round 2): building and
 * compiling a kysely query costs more server CPU per request than parsing its answer. `build` makes
 * the query with a `Slot` in place of every value that varies (kysely makes each a parameter); the
 * compiled text is kept per `shape` (anything that changes the SQL itself, such as which filters are
 * present) and each use fills the slots' parameters from `values`. Every other parameter is a
 * constant of the code and kept as compiled. On PostgreSQL a template's statement outside an
 * explicit transaction runs with a generic plan (db/plan-selection.ts), which cannot match a
 * partial index's condition against a parameter: write such a constant as a literal (`sql.lit(0)`
 * for `is_deleted = 0`). A slot that ends up nowhere in the
 * parameters, or a slot given no value later, throws: the template and its caller disagree. A value
 * must reach the query as a parameter as it is: a slot cannot go through JavaScript on the way (a
 * jsonb value is passed as its JSON text, see `jsonbText`).
 */
export class QueryTemplate<V extends Record<string, unknown>> {
  private readonly compiled = new Map<string, { sql: string; parts: Part[] }>();

  constructor(
    private readonly build: (db: Kysely<Database>, slots: { [K in keyof V]: Slot }, shape: string) => Compilable,
    /** Most shapes a template keeps (the list's filters and orders are few; this is a bound, not a tuning). */
    private readonly maxShapes = 200,
  ) {}

  /** The query for `values`; `db` builds it the first time (a transaction or not: the SQL is the same). */
  query(db: Kysely<Database>, values: V, shape = ''): CompiledQuery {
    let compiled = this.compiled.get(shape);
    if (!compiled) {
      const names = Object.keys(values);
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as { [K in keyof V]: Slot };
      const made = this.build(db, slots, shape).compile();
      const parts: Part[] = made.parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { fixed: p }));
      const used = new Set(parts.flatMap((p) => ('slot' in p ? [p.slot] : [])));
      const unused = names.filter((name) => !used.has(name));
      if (unused.length > 0) throw new Error(`query template: slots not in the query: ${unused.join(', ')}`);
      compiled = { sql: made.sql, parts };
      nameStatement(made.sql);
      if (this.compiled.size >= this.maxShapes) this.compiled.clear();
      this.compiled.set(shape, compiled);
    }
    const parameters = compiled.parts.map((part) => {
      if ('fixed' in part) return part.fixed;
      if (!(part.slot in values)) throw new Error(`query template: no value for ${part.slot}`);
      return values[part.slot];
    });
    return CompiledQuery.raw(compiled.sql, parameters);
  }
}
