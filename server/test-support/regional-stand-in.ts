// A local stand-in of the regional public-health system (GW), started by tests only — never by the
// app (decision 0033). It takes pushes on POST <base>/push-public-health-data (and the paths of JW,
// SFY and HIS, so one can stand in for each: start one per system with its own base), keeps one record per
// idempotency key (a repeated key answers the record it already has, as the real system is asked
// to), and can be told to fail the next N pushes, to time out, to answer garbage, or to keep a push
// and then never answer (a server stopped mid-push).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type StandInMode = 'ok' | 'timeout' | 'garbage' | 'refuse' | 'keep-then-hang';

export interface StandInRecord {
  key: string;
  sourceId: string;
  externalId: string;
  body: Record<string, unknown>;
}

export interface RegionalStandIn {
  /** The base URL to configure as GW_PUSH_URL. */
  url: string;
  port: number;
  mode: StandInMode;
  /** Pushes to fail with HTTP 500 before the mode applies again. */
  failNext: number;
  /** Every POST received (including failed ones), in order: their idempotency keys. */
  deliveries: string[];
  /** Records kept, by idempotency key. */
  records: Map<string, StandInRecord>;
  /** How many records it keeps of one source (a record pushed twice under two keys counts 2). */
  recordsOf(sourceId: string): number;
  /** Resolves when the next push arrives. */
  nextDelivery(): Promise<string>;
  close(): Promise<void>;
}

export async function startRegionalStandIn(options: { port?: number; path?: string } = {}): Promise<RegionalStandIn> {
  const base = options.path ?? '/gw';
  const sockets = new Set<Socket>();
  let waiters: ((key: string) => void)[] = [];
  let counter = 0;
  const state: RegionalStandIn = {
    url: '',
    port: 0,
    mode: 'ok',
    failNext: 0,
    deliveries: [],
    records: new Map(),
    recordsOf: (sourceId) => [...state.records.values()].filter((r) => r.sourceId === sourceId).length,
    nextDelivery: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const paths = ['/push-public-health-data', '/push-to-jw', '/push-to-sfy', '/push-archives-to-his'].map((p) => base + p);
      if (req.method !== 'POST' || !paths.includes(req.url ?? ''))
        return answer(res, 404, { code: 404, success: false, msg: '接口不存在' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(res, 400, { code: 400, success: false, msg: '请求格式错误' });
      }
      const key = String(req.headers['idempotency-key'] ?? body.idempotencyKey ?? '');
      state.deliveries.push(key);
      const woken = waiters;
      waiters = [];
      for (const w of woken) w(key);
      if (!key) return answer(res, 400, { code: 400, success: false, msg: '缺少幂等键' });
      if (state.failNext > 0) {
        state.failNext -= 1;
        return answer(res, 500, { code: 500, success: false, msg: '服务繁忙，请稍后重试' });
      }
      const keep = () => {
        let kept = state.records.get(key);
        if (!kept) {
          // GW's document names the record recordId; the others' businessId.
          kept = {
            key,
            sourceId: String(body.recordId ?? body.businessId ?? ''),
            externalId: `GW${String(++counter).padStart(6, '0')}`,
            body,
          };
          state.records.set(key, kept);
        }
        return kept;
      };
      switch (state.mode) {
        case 'timeout':
          return; // never answers
        case 'garbage':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html><body>502 Bad Gateway</body></html>');
        case 'refuse':
          return answer(res, 200, { code: 400, success: false, msg: '身份证号校验不通过' });
        case 'keep-then-hang':
          keep();
          return; // kept, but the answer never comes
        default:
          return answer(res, 200, { code: 200, success: true, msg: '上报成功', data: { id: keep().externalId } });
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}${base}`;
  return state;
}
