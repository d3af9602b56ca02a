// BladeX's answer shapes as TypeBox schemas. A route declares `response: { 200: envelope(X) }`:
// fastify serialises the answer with that schema, so a field the contract does not name never
// leaves the server, and a missing required one is a 500 instead of a silent gap; the web app types
// what it reads as Static<typeof X>. Errors (4xx/5xx) are envelopes with data null, written by the
// server's error handler, outside these schemas.
import { Type, type TSchema } from 'typebox';

/** `{code, success, data, msg}` around `data`. */
export const envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });

/** BladeX's page: `{records, total, size, current, pages}`. */
export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({ records: Type.Array(item), total: Type.Integer(), size: Type.Integer(), current: Type.Integer(), pages: Type.Integer() });

/**
 * A value or null, written as a type list (`type: ['string', 'null']`) rather than TypeBox's anyOf
 * union, which the serializer handles slower. For strings, numbers, integers and booleans.
 */
export const orNull = <T extends 'string' | 'number' | 'integer' | 'boolean'>(type: T) =>
  Type.Unsafe<(T extends 'string' ? string : T extends 'boolean' ? boolean : number) | null>({ type: [type, 'null'] });

/** A JSON object passed through whole (form values, a form document): its own validator owns it. */
export const openObject = <T = Record<string, unknown>>() => Type.Unsafe<T>({ type: 'object', additionalProperties: true });

/**
 * The children of a tree node: the nodes below the first level are the same shape as it, passed
 * through whole (a self-referencing schema would cost the serializer more than it checks).
 */
export const subtree = <Node>() => Type.Array(openObject<Node>());

/** true: the answer of a removal and other calls with nothing to return. */
export const Done = Type.Boolean();
