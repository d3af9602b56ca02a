/** Schemas of the archive routes (fastify validates; messages come from http/validation-messages). */
import { Type } from '@fastify/type-provider-typebox';
import { bladeSearch, paging, text } from '../../http/route-schemas';
import { MAX_PAGE_SIZE } from '../../http/input-guard';

// Archive ids as the archive screens send them: digits, '' allowed (a blank id is "no id").
const digits = Type.String({ maxLength: 32, pattern: '^[0-9]*$' });
const optional = Type.Optional;

export const listQuery = {
  // The archive list pages up to MAX_PAGE_SIZE (the picker loads a family at once).
  querystring: Type.Object({
    ...paging(MAX_PAGE_SIZE),
    ascs: optional(text(200)),
    descs: optional(text(200)),
    ...bladeSearch('personName', text(50), '', 'like', 'equal'),
    ...bladeSearch('archivesNo', text(32), '', 'like', 'equal'),
    ...bladeSearch('idCard', text(32), '', 'equal'),
    ...bladeSearch('archivesStatus', text(2), '', 'equal'),
    ...bladeSearch('sex', text(2), 'equal'),
    ...bladeSearch('mainDoctorId', digits, 'equal'),
    ...bladeSearch('teamId', digits, 'equal'),
    crowdLabel: optional(text(32)),
  }),
};

export const idQuery = { querystring: Type.Object({ id: optional(digits), archId: optional(digits) }) };

export const idCardQuery = { querystring: Type.Object({ idCard: text(32) }) };

const labels = Type.Union([Type.Array(text(32), { maxItems: 30 }), text(500)]);

export const archiveBody = {
  body: Type.Object({
    id: optional(digits),
    rowVersion: optional(Type.Integer({ minimum: 1 })),
    personName: optional(text(50)),
    idCard: optional(text(32)),
    cardType: optional(text(4)),
    sex: optional(text(2)),
    birthday: optional(text(20)),
    phone: optional(text(20)),
    contactName: optional(text(50)),
    contactPhone: optional(text(20)),
    contactRelaCode: optional(text(10)),
    compateAddress: optional(text(200)),
    compateAddressNumber: optional(text(50)),
    homeAddress: optional(text(200)),
    homeAddressNumber: optional(text(50)),
    regionCode: optional(text(20)),
    regionAddress: optional(text(200)),
    familyId: optional(text(32)),
    mainDoctorId: optional(digits),
    teamId: optional(digits),
    empId: optional(text(32)),
    insuranceCode: optional(text(32)),
    cardNo: optional(text(32)),
    avatar: optional(text(500)),
    crowdLabels: optional(labels),
  }),
};

const cancelFields = {
  offType: optional(text(4)),
  offReason: optional(text(500)),
  deadFlag: optional(text(2)),
  deadDate: optional(text(20)),
  deadReason: optional(text(500)),
  offDate: optional(text(20)),
  offUser: optional(text(32)),
  offTenant: optional(text(12)),
  logoutType: optional(text(10)),
};

// Bulk calls take the ids as a JSON array or BladeX's comma list.
const ids = Type.Union([
  Type.Array(digits, { minItems: 1, maxItems: 500 }),
  Type.String({ minLength: 1, maxLength: 20000, pattern: '^[0-9,]+$' }),
]);

export const cancelBody = { body: Type.Object({ archId: digits, ...cancelFields }) };

export const cancelManyBody = { body: Type.Object({ ids, ...cancelFields }) };

export const restoreBody = { body: Type.Object({ archId: digits }) };

export const restoreManyBody = { body: Type.Object({ ids }) };
