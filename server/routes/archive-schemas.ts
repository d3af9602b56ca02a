/** JSON schemas of the archive routes (fastify validates; messages come from http/validation-messages). */

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const digits = { type: 'string', maxLength: 32, pattern: '^[0-9]*$' } as const;

export const listQuery = {
  querystring: {
    type: 'object',
    properties: {
      current: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: 1, maximum: 500 },
      ascs: text(200),
      descs: text(200),
      personName: text(50),
      personName_like: text(50),
      personName_equal: text(50),
      archivesNo: text(32),
      archivesNo_like: text(32),
      archivesNo_equal: text(32),
      idCard: text(32),
      idCard_equal: text(32),
      archivesStatus: text(2),
      archivesStatus_equal: text(2),
      sex_equal: text(2),
      mainDoctorId_equal: digits,
      teamId_equal: digits,
      crowdLabel: text(32),
    },
  },
} as const;

export const idQuery = {
  querystring: {
    type: 'object',
    properties: { id: digits, archId: digits },
  },
} as const;

export const idCardQuery = {
  querystring: {
    type: 'object',
    required: ['idCard'],
    properties: { idCard: text(32) },
  },
} as const;

const labels = { anyOf: [{ type: 'array', maxItems: 30, items: text(32) }, text(500)] } as const;

export const archiveBody = {
  body: {
    type: 'object',
    properties: {
      id: digits,
      rowVersion: { type: 'integer', minimum: 1 },
      personName: text(50),
      idCard: text(32),
      cardType: text(4),
      sex: text(2),
      birthday: text(20),
      phone: text(20),
      contactName: text(50),
      contactPhone: text(20),
      contactRelaCode: text(10),
      compateAddress: text(200),
      compateAddressNumber: text(50),
      homeAddress: text(200),
      homeAddressNumber: text(50),
      regionCode: text(20),
      regionAddress: text(200),
      familyId: text(32),
      mainDoctorId: digits,
      teamId: digits,
      empId: text(32),
      insuranceCode: text(32),
      cardNo: text(32),
      avatar: text(500),
      crowdLabels: labels,
    },
  },
} as const;

const cancelFields = {
  offType: text(4),
  offReason: text(500),
  deadFlag: text(2),
  deadDate: text(20),
  deadReason: text(500),
  offDate: text(20),
  offUser: text(32),
  offTenant: text(12),
  logoutType: text(10),
} as const;

const ids = { anyOf: [{ type: 'array', minItems: 1, maxItems: 500, items: digits }, { type: 'string', minLength: 1, maxLength: 20000, pattern: '^[0-9,]+$' }] } as const;

export const cancelBody = {
  body: { type: 'object', required: ['archId'], properties: { archId: digits, ...cancelFields } },
} as const;

export const cancelManyBody = {
  body: { type: 'object', required: ['ids'], properties: { ids, ...cancelFields } },
} as const;

export const restoreBody = {
  body: { type: 'object', required: ['archId'], properties: { archId: digits } },
} as const;

export const restoreManyBody = {
  body: { type: 'object', required: ['ids'], properties: { ids } },
} as const;
