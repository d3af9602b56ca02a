import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** What the access token carries: the session's identity, as BladeX's claims name it. */
export interface AccessClaims {
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  role_alias: string;
  dept_id: string;
  team_id: string;
  /** Session id: logout and refresh act on the session row. */
  sid: string;
}

export interface RefreshClaims {
  tenant_id: string;
  user_id: string;
  sid: string;
  jti: string;
}

const ISSUER = 'phw-form-runtime';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly secretBase64: string,
    private readonly now: () => number,
    readonly accessTtl: number,
    readonly refreshTtl: number,
  ) {
    this.key = new Uint8Array(Buffer.from(secretBase64, 'base64'));
  }

  /** The same key and clock with an OAuth client's own token lifetimes (blade_client); undefined keeps the server's. */
  withLifetimes(accessTtl: number = this.accessTtl, refreshTtl: number = this.refreshTtl): TokenService {
    if (accessTtl === this.accessTtl && refreshTtl === this.refreshTtl) return this;
    return new TokenService(this.secretBase64, this.now, accessTtl, refreshTtl);
  }

  static newSecret(): string {
    return crypto.randomBytes(48).toString('base64');
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ...claims, token_type: 'access_token' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.accessTtl)
      .sign(this.key);
  }

  async signRefresh(claims: RefreshClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ...claims, token_type: 'refresh_token' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.refreshTtl)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, 'access_token');
    return payload as AccessClaims | null;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token, 'refresh_token');
    return payload as RefreshClaims | null;
  }

  private async verify(token: string, type: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      return payload.token_type === type ? payload : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
