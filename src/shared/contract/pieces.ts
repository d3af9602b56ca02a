// The request pieces every domain's contract uses, in TypeBox: the server's routes validate with
// them (fastify's ajv, with the app's options: query strings coerced, so `?size=10` arrives as 10;
// server/http/validation-messages.ts turns the keywords used here into 参数[x]… sentences) and the
// web app's src/api takes its types from them (Static<>), so both sides read one definition.
import { Type, type TOptional, type TSchema, type TUnsafe } from 'typebox';

/** The largest page any list answers (the server's input guard refuses more with its own message). */
export const MAX_PAGE_SIZE = 500;
/** The largest page number any list takes. */
export const MAX_PAGE_NUMBER = 1_000_000;

/** A row id: digits only (the bigint ids as text). Empty is 参数[x]不能为空. */
export const Id = Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+$' });

/**
 * An archive id as the follow-up and screening calls take it: any non-empty text, not only digits —
 * a wrong one is "not found", as another tenant's is (a pattern would answer 格式不正确 instead).
 */
export const ArchId = Type.String({ minLength: 1, maxLength: 40 });

/** A form's code (schemas/<code>.json): a letter, then letters, digits or _. */
export const FormCode = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });

/** A date as yyyy-MM-dd at the start; a time may follow (the screens send either). */
export const DatePrefix = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' });

/** Several row ids, comma-separated (BladeX's `ids=1,2,3`). */
export const IdList = Type.String({ minLength: 1, maxLength: 4000, pattern: '^[0-9]+(,[0-9]+)*$' });

/**
 * The id of a dictionary or parameter row, as the admin screens' detail calls take it: an empty one
 * is 参数[id]格式不正确 (not 不能为空, as with Id).
 */
export const AdminId = Type.String({ pattern: '^[0-9]{1,40}$' });

/** The admin screens' `ids` to remove: any text up to 4000, split and checked by the handler. */
export const AdminIdList = Type.String({ maxLength: 4000 });

/** Any JSON object (a form document, checked by its own validator in the handler). */
export const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object' });

/** Text of at most `maxLength` characters ('' allowed). */
export const text = (maxLength: number) => Type.String({ maxLength });

/** Text or null (a cleared field of the designer's forms), at most `maxLength` characters. */
export const textOrNull = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });

/**
 * One of a few whole numbers. Written as `type: integer` + `enum` (not TypeBox's union of literals)
 * so ajv still coerces `?status=1` and a wrong value answers 参数[x]取值不正确.
 */
export const intEnum = <T extends number>(...values: T[]): TUnsafe<T> => Type.Unsafe<T>({ type: 'integer', enum: values });

/** One of a few strings, as `type: string` + `enum` (a wrong value: 参数[x]取值不正确). */
export const textEnum = <T extends string>(...values: T[]): TUnsafe<T> => Type.Unsafe<T>({ type: 'string', enum: values });

/** Page size most lists allow; README "Paging is bounded everywhere": 1–500, most lists say 200. */
export const LIST_PAGE_SIZE = 200;

/**
 * BladeX paging (`current` from 1, `size` 1..`maxSize`), to spread into a query's properties. The
 * input guard (server/http/input-guard.ts) has already refused non-numbers and anything past MAX_PAGE_NUMBER /
 * MAX_PAGE_SIZE with its own message; these bounds are the route's own.
 */
export const paging = (maxSize: number = LIST_PAGE_SIZE) => {
  if (maxSize > MAX_PAGE_SIZE) throw new Error(`page size ${maxSize} is past MAX_PAGE_SIZE ${MAX_PAGE_SIZE}`);
  return {
    current: Type.Optional(Type.Integer({ minimum: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: maxSize })),
  };
};

type SearchKey<N extends string, S extends string> = S extends '' ? N : `${N}_${S}`;

/**
 * BladeX search parameters of one column: `name` itself and its suffixed forms (`name_like` a
 * fragment, `name_equal` exact), all optional with the same schema.
 */
export function bladeSearch<N extends string, S extends '' | 'like' | 'equal', T extends TSchema>(name: N, schema: T, ...suffixes: S[]) {
  const entries = suffixes.map((suffix) => [suffix === '' ? name : `${name}_${suffix}`, Type.Optional(schema)]);
  return Object.fromEntries(entries) as { [K in SearchKey<N, S>]: TOptional<T> };
}
