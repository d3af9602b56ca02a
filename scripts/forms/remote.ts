// The server side of forms:pull and forms:push: a BladeX client's login and the form endpoints
// (server/README.md, "The designer's server half"). Refusals are thrown as Errors carrying the
// server's own (Chinese) message.
import { createHash } from 'node:crypto';
import { formFileTexts, type CasesFile, type DictsFile, type FormDocument, type FormFileText } from '../../src/engine';

export interface ServerOptions {
  server: string;
  tenant: string;
  user: string;
  password: string;
}

interface Envelope<T = unknown> {
  code?: number;
  success?: boolean;
  msg?: string;
  data?: T;
}

export class RemoteRefusal extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
    /** The HTTP status (0: no answer). */
    readonly status = 0,
  ) {
    super(message);
  }
}

export interface Remote {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(path: string, query?: Record<string, string | number | undefined>, body?: unknown): Promise<{ data: T; msg: string }>;
}

const API = '/api/blade-iph-business/form';

function url(base: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return `${base.replace(/\/+$/, '')}${path}${s ? `?${s}` : ''}`;
}

/** Logs in as a BladeX client does (password as md5 hex) and returns a client for the form endpoints. */
export async function login(o: ServerOptions): Promise<Remote> {
  const form = new URLSearchParams({
    tenantId: o.tenant,
    username: o.user,
    password: createHash('md5').update(o.password, 'utf8').digest('hex'),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(url(o.server, '/api/blade-auth/oauth/token'), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': o.tenant,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form.toString(),
  });
  const answer = (await res.json().catch(() => ({}))) as { access_token?: string; error_description?: string; msg?: string };
  if (!answer.access_token) throw new RemoteRefusal(`登录失败: ${answer.error_description ?? answer.msg ?? `HTTP ${res.status}`}`);
  const headers = { 'blade-auth': `bearer ${answer.access_token}`, 'tenant-id': o.tenant };
  const call = async <T>(method: string, path: string, query?: Record<string, string | number | undefined>, body?: unknown) => {
    const r = await fetch(url(o.server, `${API}/${path}`, query), {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const env = (await r.json().catch(() => ({ msg: `HTTP ${r.status}` }))) as Envelope<T>;
    if (!r.ok || env.success === false) throw new RemoteRefusal(env.msg ?? `HTTP ${r.status}`, env.data, r.status);
    return { data: env.data as T, msg: env.msg ?? '' };
  };
  return {
    get: async (path, query) => (await call<never>('GET', path, query)).data,
    post: (path, query, body) => call('POST', path, query, body),
  };
}

/** One published version as form/versions lists it. */
export interface VersionInfo {
  version: number;
  publishedByName?: string;
  publishedAt?: string;
  note?: string | null;
}

/** The form's latest published version number; 0 when the server has never published it. */
export async function latestPublished(remote: Remote, formCode: string): Promise<number> {
  const versions = await remote.get<VersionInfo[] | null>('versions', { formCode });
  return Math.max(0, ...(versions ?? []).map((v) => v.version));
}

/** A published version as the analysts' files: its document, cases (none: an empty list) and dictionaries. */
export async function versionFiles(remote: Remote, formCode: string, version: number): Promise<FormFileText[]> {
  const doc = await remote.get<FormDocument>('version', { formCode, version });
  // The cases published with that version, so an old version comes back as it was published.
  const cases = await remote.get<CasesFile | null>('version-cases', { formCode, version });
  let dictionaries: DictsFile['dictionaries'] | null = null;
  try {
    dictionaries = await remote.get<DictsFile['dictionaries'] | null>('version-dictionaries', { formCode, version });
  } catch (e) {
    // A server from before form dictionaries has no such call: the version carries none.
    if (!(e instanceof RemoteRefusal && e.status === 404)) throw e;
  }
  return formFileTexts(doc, cases ?? { formCode, cases: [] }, dictionaries);
}
