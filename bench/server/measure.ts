import autocannon from 'autocannon';
import { ResponseCheck, type Scenario } from './scenarios';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests answered or failed (a request still waiting when the run ends is neither). */
  total: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failed: number;
  timeouts: number;
  check: ResponseCheck;
}

export const CONNECTIONS = 50;
/**
 * Seconds before autocannon gives a request up (its default is 10). PGlite answers one statement at
 * a time, so 50 queued list pages can wait longer than that; a timeout still counts as a failure.
 */
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT ?? 60);

/** One autocannon run of a scenario against the listening server: for `seconds`, or `amount` requests. */
export async function measure(
  base: string,
  headers: Record<string, string>,
  scenario: Scenario,
  run: { seconds: number } | { amount: number },
): Promise<Measurement> {
  const check = new ResponseCheck();
  const request = scenario.request(check);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    timeout: TIMEOUT_SECONDS,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
    headers,
    requests: [{ ...request, headers: { ...headers, ...request.headers } }],
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: answered + result.errors,
    failed: result.non2xx + result.errors,
    timeouts: result.timeouts,
    check,
  };
}

/**
 * Waits until the server has worked off what the last run left queued: autocannon stops at the end
 * of a run without waiting for requests in flight, and the server still answers them. One more
 * request goes behind them in the database queue, so its answer means the queue is empty.
 */
export async function drain(base: string, headers: Record<string, string>): Promise<void> {
  await (
    await fetch(`${base}/api/blade-iph-business/commuserarchives/list?current=1&size=1`, { headers, signal: AbortSignal.timeout(300_000) })
  ).text();
}
