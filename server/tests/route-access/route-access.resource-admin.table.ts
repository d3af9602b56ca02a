import type { AccessRow } from './route-access.table';

const ADMINISTRATOR: AccessRow = ['admin'];
/** The uploads beside put-file: anyone signed in, as put-file (vouchers, signatures, avatars). */
const EVERYONE: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];
/** The platform administrator only (tenant 000000): none of the demo tenant's accounts, its administrator included. */
const PLATFORM_ADMINISTRATOR: AccessRow = [];

/** Who may call the routes of resource/routes/resource-admin.ts (blade-resource: object storage configuration, attachments, SMS configuration, sending and records): rows as in route-access.table.ts. */
export const RESOURCE_ADMIN_ACCESS: Record<string, AccessRow> = {
  'GET /blade-resource/oss/list': ADMINISTRATOR,
  'GET /blade-resource/oss/detail': ADMINISTRATOR,
  'POST /blade-resource/oss/submit': ADMINISTRATOR,
  'POST /blade-resource/oss/remove': ADMINISTRATOR,
  'POST /blade-resource/oss/enable': ADMINISTRATOR,
  'POST /blade-resource/oss/remove-pools': PLATFORM_ADMINISTRATOR,
  'POST /blade-resource/oss/endpoint/put-file-attach': EVERYONE,
  'POST /blade-resource/oss/endpoint/put-base64': EVERYONE,
  'POST /blade-resource/oss/endpoint/put-base64-json': EVERYONE,
  'GET /blade-resource/attach/list': ADMINISTRATOR,
  'GET /blade-resource/attach/detail': ADMINISTRATOR,
  'POST /blade-resource/attach/submit': ADMINISTRATOR,
  'POST /blade-resource/attach/remove': ADMINISTRATOR,
  'GET /blade-resource/sms/list': ADMINISTRATOR,
  'GET /blade-resource/sms/detail': ADMINISTRATOR,
  'POST /blade-resource/sms/submit': ADMINISTRATOR,
  'POST /blade-resource/sms/remove': ADMINISTRATOR,
  'POST /blade-resource/sms/enable': ADMINISTRATOR,
  'POST /blade-resource/sms/endpoint/send-message': ADMINISTRATOR,
  'GET /blade-resource/smsrecord/list': ADMINISTRATOR,
  'GET /blade-resource/smsrecord/detail': ADMINISTRATOR,
  'POST /blade-resource/smsrecord/submit': ADMINISTRATOR,
  'POST /blade-resource/smsrecord/remove': ADMINISTRATOR,
};
