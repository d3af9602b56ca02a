// The blade-resource contract (spec 002 §7 oss, attach, sms, smsrecord; issue 21 §2): what the
// server's resource/ routes answer. A file itself (oss/file/:id) is its bytes, not JSON.
import { Type, type Static } from 'typebox';
import { Done, envelope, pageOf } from './envelope';

/** put-file, put-base64, put-base64-json: where the stored file is served, and its id. */
export const UploadView = Type.Object({
  link: Type.String(),
  domain: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  attachId: Type.String(),
});
export type UploadView = Static<typeof UploadView>;

/** A storage configuration; the keys come masked. */
export const OssView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  ossCode: Type.String(),
  endpoint: Type.String(),
  accessKey: Type.String(),
  secretKey: Type.String(),
  bucketName: Type.String(),
  appId: Type.String(),
  region: Type.String(),
  remark: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type OssView = Static<typeof OssView>;

/** An SMS configuration; the keys come masked. */
export const SmsView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  smsCode: Type.String(),
  templateId: Type.String(),
  templateContent: Type.String(),
  accessKey: Type.String(),
  secretKey: Type.String(),
  regionId: Type.String(),
  signName: Type.String(),
  remark: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type SmsView = Static<typeof SmsView>;

/** A stored file as the attachment screen lists it. */
export const AttachView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  link: Type.String(),
  domain: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  extension: Type.String(),
  attachSize: Type.Integer(),
  contentType: Type.String(),
  createUser: Type.String(),
  createTime: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  rowVersion: Type.Integer(),
});
export type AttachView = Static<typeof AttachView>;

/** A message sent (smsrecord); the phone comes masked. */
export const SmsRecordView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  smsId: Type.String(),
  smsCode: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  templateId: Type.String(),
  phone: Type.String(),
  content: Type.String(),
  params: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  result: Type.String(),
  remark: Type.String(),
  sendTime: Type.String(),
  createUserName: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  rowVersion: Type.Integer(),
});
export type SmsRecordView = Static<typeof SmsRecordView>;

/** A configuration saved: its id; an update adds the new row version. */
export const ConfigSaved = Type.Object({ id: Type.String(), created: Type.Boolean(), rowVersion: Type.Optional(Type.Integer()) });
/** A row renamed or re-remarked (attach, smsrecord submit): its id and new row version. */
export const RowSaved = Type.Object({ id: Type.String(), rowVersion: Type.Integer() });
/** send-message: the configuration used, how many were sent, the records written. */
export const SmsSent = Type.Object({ smsCode: Type.String(), sent: Type.Integer(), recordIds: Type.Array(Type.String()) });

/** A file as oss/file/:id sends it: its bytes, not JSON (the serializer leaves a Buffer alone). */
export const FileBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** The answers, as the routes declare them. */
export const resourceAnswers = {
  upload: envelope(UploadView),
  attachUpload: envelope(Type.Object({ ...AttachView.properties, attachId: Type.String() })),
  ossPage: envelope(pageOf(OssView)),
  oss: envelope(OssView),
  smsPage: envelope(pageOf(SmsView)),
  sms: envelope(SmsView),
  attachPage: envelope(pageOf(AttachView)),
  attach: envelope(AttachView),
  recordPage: envelope(pageOf(SmsRecordView)),
  record: envelope(SmsRecordView),
  configSaved: envelope(ConfigSaved),
  rowSaved: envelope(RowSaved),
  smsSent: envelope(SmsSent),
  done: envelope(Done),
  file: FileBytes,
};
