import { tokenTimes } from '../../api/profile';

/** When an access token was issued (ms, from its JWT `iat`), or undefined for anything else. */
export const tokenIssuedAtMs = (token: string | undefined): number | undefined => tokenTimes(token).issuedAt;
