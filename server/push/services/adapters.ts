// One adapter per external system, behind one interface (decision 0033). Each turns a record into
// the system's request, sends it with the row's idempotency key, and checks the answer: anything but
// a clear acceptance throws PushFailure with a Chinese reason, which the worker keeps on the row and
// retries. GW (the regional public-health system) is complete; JW, SFY and HIS speak the same JSON
// over HTTP to their own base URL with their own document shape and are pushed only when configured.
import type { PushSettings, PushSystem } from '../../config';
import type { PushKind } from '../repositories/outbox';

/** What is pushed: the record's (or archive's) content at one version. */
export interface PushDocument {
  kind: PushKind;
  sourceId: string;
  archId: string;
  formCode: string;
  version: number;
  tenantId: string;
  content: Record<string, unknown>;
}

/** A refused or unanswered push: the reason shown to the user, kept on the outbox row. */
export class PushFailure extends Error {}

export interface PushAdapter {
  readonly system: PushSystem;
  /** The system's Chinese name (公卫系统, 基卫系统, …). */
  readonly label: string;
  /** False when its base URL is not configured: its rows wait, with `waitingReason`. */
  readonly configured: boolean;
  readonly waitingReason: string;
  /** Sends one document with its idempotency key; answers the external system's id of it. */
  send(doc: PushDocument, idempotencyKey: string): Promise<{ externalId: string }>;
}

export const SYSTEM_LABEL: Record<PushSystem, string> = { GW: '公卫系统', JW: '基卫系统', SFY: '省妇幼系统', HIS: '医院信息系统' };

/** POST JSON with a time limit; answers the parsed JSON or throws PushFailure with the reason. */
async function postJson(label: string, url: string, body: unknown, key: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const e = error as { name?: string; cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new PushFailure(`${label}响应超时（${timeoutMs / 1000}秒）`);
    throw new PushFailure(`无法连接${label}${e.cause?.code ? `（${e.cause.code}）` : ''}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new PushFailure(`${label}应答中断`);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new PushFailure(`${label}返回无法识别的应答（HTTP ${res.status}）`);
  }
  if (!res.ok) {
    const msg = (answer as { msg?: unknown } | null)?.msg;
    throw new PushFailure(`${label}返回错误（HTTP ${res.status}${typeof msg === 'string' && msg ? `：${msg.slice(0, 200)}` : ''}）`);
  }
  return answer;
}

/** A BladeX-style acceptance {code: 200, success: true, data: {id}}; anything else is refused. */
function acceptedId(label: string, answer: unknown): string {
  const a = answer as { code?: unknown; success?: unknown; msg?: unknown; data?: { id?: unknown } | null } | null;
  if (!a || typeof a !== 'object' || typeof a.success !== 'boolean') throw new PushFailure(`${label}返回无法识别的应答`);
  if (!a.success || a.code !== 200) {
    const msg = typeof a.msg === 'string' && a.msg ? a.msg.slice(0, 200) : '未说明原因';
    throw new PushFailure(`${label}拒绝上报：${msg}`);
  }
  const id = a.data?.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw new PushFailure(`${label}应答缺少记录编号`);
  return String(id);
}

/** An HTTP JSON system: its base URL, the path it takes pushes on, and its document shape. */
class HttpJsonAdapter implements PushAdapter {
  readonly label: string;
  readonly configured: boolean;
  readonly waitingReason: string;
  constructor(
    readonly system: PushSystem,
    private readonly baseUrl: string | undefined,
    private readonly path: string,
    private readonly timeoutMs: number,
    private readonly shape: (doc: PushDocument, key: string) => unknown,
  ) {
    this.label = SYSTEM_LABEL[system];
    this.configured = !!baseUrl;
    this.waitingReason = `${this.label}未配置上报地址（${system}_PUSH_URL），配置后自动上报`;
  }

  async send(doc: PushDocument, key: string): Promise<{ externalId: string }> {
    if (!this.baseUrl) throw new PushFailure(this.waitingReason);
    const url = `${this.baseUrl.replace(/\/+$/, '')}${this.path}`;
    return { externalId: acceptedId(this.label, await postJson(this.label, url, this.shape(doc, key), key, this.timeoutMs)) };
  }
}

/** GW's dataType of each kind: a contract is the regional system's SIGN document. */
const GW_DATA_TYPE: Record<PushKind, string> = {
  followup: 'FOLLOWUP',
  archive: 'ARCHIVE',
  contract: 'SIGN',
  archive_other: 'ARCHIVE_OTHER',
  medication: 'MEDICATION',
  habits: 'HABITS',
  voucher: 'VOUCHER',
};

/** GW: the regional public-health system's push-public-health-data. */
const gwShape = (doc: PushDocument, key: string) => ({
  idempotencyKey: key,
  source: 'SYS',
  orgCode: doc.tenantId,
  dataType: GW_DATA_TYPE[doc.kind],
  formCode: doc.formCode,
  recordId: doc.sourceId,
  archId: doc.archId,
  version: doc.version,
  data: doc.content,
});

/** JW, SFY, HIS: the same envelope under their own names. */
const otherShape = (system: PushSystem) => (doc: PushDocument, key: string) => ({
  requestId: key,
  system,
  // A follow-up by its form, a case by its programme (maternal, child), the rest by kind.
  businessType: doc.kind === 'archive' ? 'archives' : doc.kind === 'followup' || doc.kind === 'archive_other' ? doc.formCode : doc.kind,
  businessId: doc.sourceId,
  archId: doc.archId,
  version: doc.version,
  payload: doc.content,
});

export type Adapters = Record<PushSystem, PushAdapter>;

export function makeAdapters(settings: PushSettings): Adapters {
  const { urls, timeoutMs } = settings;
  return {
    GW: new HttpJsonAdapter('GW', urls.GW, '/push-public-health-data', timeoutMs, gwShape),
    JW: new HttpJsonAdapter('JW', urls.JW, '/push-to-jw', timeoutMs, otherShape('JW')),
    SFY: new HttpJsonAdapter('SFY', urls.SFY, '/push-to-sfy', timeoutMs, otherShape('SFY')),
    HIS: new HttpJsonAdapter('HIS', urls.HIS, '/push-archives-to-his', timeoutMs, otherShape('HIS')),
  };
}

export const DEFAULT_PUSH: PushSettings = {
  urls: {},
  timeoutMs: 10_000,
  maxAttempts: 6,
  ratePerMinute: 120,
  relayIntervalMs: 2000,
  concurrency: 4,
};
