// The wire shape of a resource document's rows, made from its block: what every generic route and a
// family's own handlers declare as their answer (server/tests/answer-schemas.test.ts wants one).
import { Type, type TSchema } from 'typebox';
import { orNull } from '../../../src/shared/contract/envelope';
import type { ResourceBlock, ResourceColumn } from '../../../src/shared/resource/resource-block';

/** A column on the wire: its type, null for none; text bounded by the document. */
function wireType(c: ResourceColumn): TSchema {
  if (c.type === 'integer') return orNull('integer');
  if (c.type === 'number') return orNull('number');
  return orNull('string');
}

/** The view every call answers: the document's properties with the id, the version and the times. */
export function viewSchema(block: ResourceBlock) {
  const props: Record<string, TSchema> = { id: Type.String(), tenantId: Type.String() };
  for (const [prop, c] of Object.entries(block.columns)) {
    props[prop] = wireType(c);
    if (c.labels) props[c.labels.prop] = Type.String();
  }
  return Type.Object({ ...props, rowVersion: Type.Integer(), createTime: Type.String(), updateTime: Type.String() });
}
