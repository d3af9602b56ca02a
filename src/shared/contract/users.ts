// The users contract (spec 000 §2 /info/index, §7 Users; spec 002 §7 loglogin and blade-log/usual;
// issue 21 §2 user administration): what the server's users/ routes answer, and what
// src/api/profile.ts and user.ts read. The current user and its defaults are auth's (auth.ts).
import { Type, type Static } from 'typebox';
import { Done, envelope, orNull, pageOf } from './envelope';
import { UserDefault, UserInfo, UserParticulars } from './auth';

const optional = Type.Optional;

// ---- The profile screen

/** platform-detail: the user's platform and, as JSON text, its accounts on other platforms. */
export const PlatformDetail = Type.Object({
  userId: Type.String(),
  userType: Type.String(),
  /** JSON of the PlatformAccount rows ('' without any): the spec's wire field. */
  userExt: Type.String(),
  authorizeCode: Type.String(),
});
export type PlatformDetail = Static<typeof PlatformDetail>;

/** A login-log row as loglogin/list answers it (the profile's 登录日志, /monitor/log/login). */
export const LoginLogRow = Type.Object({
  id: Type.String(),
  account: Type.String(),
  ip: Type.String(),
  /** success | failure | locked | rejected */
  result: Type.String(),
  message: Type.String(),
  userAgent: Type.String(),
  createTime: Type.String(),
});
export type LoginLogRow = Static<typeof LoginLogRow>;

/** loglogin/detail adds the user (null for an unknown account). */
export const LoginLogDetail = Type.Object({ ...LoginLogRow.properties, userId: orNull('string') });
export type LoginLogDetail = Static<typeof LoginLogDetail>;

// ---- Password resets and the security log

/** A reset's temporary password, answered this once. */
export const PasswordGiven = Type.Object({ userId: Type.String(), account: Type.String(), password: Type.String() });
export type PasswordGiven = Static<typeof PasswordGiven>;

/** A password change or reset in the security log (blade-log/usual). */
export const SecurityLogView = Type.Object({
  id: Type.String(),
  /** password_change | password_reset */
  action: Type.String(),
  actorId: Type.String(),
  actorAccount: Type.String(),
  targetId: Type.String(),
  targetAccount: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  message: Type.String(),
  createTime: Type.String(),
});
export type SecurityLogView = Static<typeof SecurityLogView>;

// ---- User administration

/** A user as the administration's list and detail answer it: never the password hash. */
export const AdminUserView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  ...UserParticulars,
  sexName: Type.String(),
  /** Comma-joined ids and their names. */
  deptId: Type.String(),
  deptName: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  teamId: Type.String(),
  teamName: Type.String(),
  postId: Type.String(),
  postName: Type.String(),
  userType: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  /** Locked by the login lockout now (relieve-account lifts it), and until when ('' when not). */
  locked: Type.Boolean(),
  lockedUntil: Type.String(),
  failedCount: Type.Integer(),
  /** A self-registered guest waiting for an administrator's role grant. */
  guestPending: Type.Boolean(),
  /** The version read; an update sends it back. */
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
  updateUserName: Type.String(),
});
export type AdminUserView = Static<typeof AdminUserView>;

/** The few fields a doctor picker needs (listDoctor, listMainDoctor, user-sel): no contact data. */
export const DoctorView = Type.Object({
  id: Type.String(),
  account: Type.String(),
  name: Type.String(),
  realName: Type.String(),
  deptId: Type.String(),
  deptName: Type.String(),
  roleName: Type.String(),
  teamId: Type.String(),
  teamName: Type.String(),
  postId: Type.String(),
  postName: Type.String(),
});
export type DoctorView = Static<typeof DoctorView>;

/** getUserInfo: a user's card; the contact data only for the caller's own card or an administrator. */
export const UserCard = Type.Object({
  ...DoctorView.properties,
  avatar: Type.String(),
  phone: optional(Type.String()),
  email: optional(Type.String()),
  sex: optional(Type.Integer()),
  status: optional(Type.Integer()),
});
export type UserCard = Static<typeof UserCard>;

/**
 * submit and update: a new user (its id and account; the generated temporary password when none
 * was set, answered this once), or a changed one (its id and new row version).
 */
export const UserSaved = Type.Object({
  id: Type.String(),
  account: optional(Type.String()),
  password: optional(Type.String()),
  rowVersion: optional(Type.Integer()),
});
export type UserSaved = Static<typeof UserSaved>;

/** register-guest: the guest, disabled until an administrator grants a role. */
export const GuestRegistered = Type.Object({ id: Type.String(), tenantId: Type.String(), account: Type.String(), status: Type.Integer() });
export type GuestRegistered = Static<typeof GuestRegistered>;

/** import-user: how many users were created and updated, and the generated passwords of the new ones. */
export const UsersImported = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  passwords: Type.Array(Type.Object({ account: Type.String(), password: Type.String() })),
});
export type UsersImported = Static<typeof UsersImported>;

/** The answers, as the routes declare them. */
export const userAnswers = {
  userInfo: envelope(UserInfo),
  userDefault: envelope(UserDefault),
  done: envelope(Done),
  platformDetail: envelope(PlatformDetail),
  loginLogPage: envelope(pageOf(LoginLogRow)),
  loginLog: envelope(LoginLogDetail),
  passwordsGiven: envelope(Type.Array(PasswordGiven)),
  securityLogPage: envelope(pageOf(SecurityLogView)),
  securityLog: envelope(SecurityLogView),
  userPage: envelope(pageOf(AdminUserView)),
  user: envelope(AdminUserView),
  saved: envelope(UserSaved),
  guest: envelope(GuestRegistered),
  doctors: envelope(Type.Array(DoctorView)),
  doctorPage: envelope(pageOf(DoctorView)),
  card: envelope(UserCard),
  imported: envelope(UsersImported),
  /** export-template: the xlsx file itself (a Buffer is sent as it is, past the serializer). */
  file: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
  /** loglogin/submit and get-supper-pwd: always refused (403), never a 200. */
  none: envelope(Type.Null()),
};

/** The `data` of one of the enveloped answers, as the web app reads it. */
export type UserAnswer<K extends Exclude<keyof typeof userAnswers, 'file'>> = Static<(typeof userAnswers)[K]>['data'];
