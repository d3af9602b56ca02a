// Request schemas shared by the designer's field and rule routes (form-field.ts, form-reckon.ts).
import { Type } from '@fastify/type-provider-typebox';
import { Id, paging, text } from '../../http/route-schemas';

export const IDENT = '^[A-Za-z_][A-Za-z0-9_]*$';

const optional = Type.Optional;

export const rowListQuery = {
  querystring: Type.Object({ ...paging(), formId: optional(Id), formCode: optional(text(100)), fieldProp: optional(text(100)) }),
};

export const rowIdQuery = { querystring: Type.Object({ id: Id }) };
