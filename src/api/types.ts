/** Wire shapes of the blade services the web app calls (server contract, spec 000 §3 and §7). */

/** The BladeX envelope every call except token and captcha answers with. */
export type { Envelope, Page } from '../shared/blade-envelope';

// The session's shapes come from the contract (src/shared/contract/auth.ts): the server answers
// them through the same schemas, so a field read here is one the server sends.
import type { TokenAnswer, UserDefault as UserDefaultAnswer, UserInfo as UserInfoAnswer } from '../shared/contract/auth';

export type { Captcha, DeptChoice, LoginChoices, LoginConfig, RoleChoice, TeamChoice, TokenError } from '../shared/contract/auth';

/**
 * The raw (snake_case, not enveloped) 200 answer of POST oauth/token, as the session keeps it: the
 * contract's fields, any of which a stored or partial session may lack. A refusal is a 4xx whose body
 * ({error_code, error_description}: TokenError) the request layer rejects with, as RequestError.body.
 */
export type TokenResponse = Partial<TokenAnswer>;

/** oauth/user-info and blade-user/info, as the session keeps it. */
export type UserInfo = Pick<UserInfoAnswer, 'userId' | 'tenantId' | 'account' | 'realName'> & Partial<UserInfoAnswer>;

/** blade-user/getUserDefault, as the session keeps it (a session stored earlier may lack a field). */
export type UserDefault = Pick<UserDefaultAnswer, 'userId' | 'tenantId' | 'account'> & Partial<UserDefaultAnswer>;

/** blade-system/tenant/info: the institution a login page's address belongs to (the contract's). */
export type { TenantInfo } from '../shared/contract/org';

/** A node of the menu and button trees, as the contract has it (src/shared/contract/access.ts). */
export type { MenuNode as MenuItem } from '../shared/contract/access';
