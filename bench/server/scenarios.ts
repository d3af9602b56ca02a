// The measured calls: a page of the archive list (commuserarchives/list; any page, and the first
// 20 pages only) and a hypertension follow-up submit (userfollowup/high-blood-pressure-follow-up),
// which the server re-validates with the rule engine and saves with its history row and client request id in one transaction.
import type autocannon from 'autocannon';
import { createRandom } from '../random';
import { hypertensionVisit } from '../hypertension-visit';

export interface Scenario {
  name: string;
  /** p99 target in ms on PostgreSQL (issue 6); PGlite has none. */
  p99TargetMs: number;
  /** A fresh request definition for one autocannon run; `check` records what the answers said. */
  request(check: ResponseCheck): autocannon.Request;
}

/** Answers read back from the server: a benchmark of error answers would be worthless. */
export class ResponseCheck {
  read = 0;
  bad = 0;
  firstBad: string | undefined;

  record(ok: boolean, status: number, body: string): void {
    this.read++;
    if (ok) return;
    this.bad++;
    this.firstBad ??= `${status} ${body.slice(0, 400)}`;
  }
}

type Envelope = { success?: boolean; data?: Record<string, unknown> | null; msg?: string };

function parse(body: string): Envelope {
  try {
    return JSON.parse(body) as Envelope;
  } catch {
    return {};
  }
}

/** What one autocannon client (connection) remembers between building a request and reading its answer. */
interface ClientContext {
  archId?: string;
}

/**
 * The archive list: any page of the whole list (the issue 6 scenario), or with `firstPages` a
 * random one of the first pages only — what users do (page 1, then next a few times) — so both can
 * be reported.
 */
export function archiveListScenario(totalArchives: number, seed: number, firstPages?: number): Scenario {
  const size = 10;
  const pages = Math.min(Math.ceil(totalArchives / size), firstPages ?? Infinity);
  const random = createRandom(seed);
  let sent = 0;
  return {
    name: firstPages ? `archive list, first ${firstPages} pages` : 'archive list page',
    p99TargetMs: 50,
    request: (check) => ({
      method: 'GET',
      // A page of the list, newest first (the list's default order), as a user paging or jumping would ask.
      setupRequest: (req) => ({
        ...req,
        path: `/api/blade-iph-business/commuserarchives/list?current=${random.int(1, pages)}&size=${size}`,
      }),
      onResponse: (status, body) => {
        // One answer in 10 is parsed: the client shares two cores with the server and the database.
        if (sent++ % 10 !== 0) return;
        const answer = parse(body);
        const records = answer.data?.records;
        check.record(
          status === 200 && answer.success === true && Array.isArray(records) && records.length > 0 && answer.data?.total === totalArchives,
          status,
          body,
        );
      },
    }),
  };
}

export function followupSubmitScenario(archiveIds: readonly string[], seed: number, runId: string): Scenario {
  const random = createRandom(seed);
  let next = 0;
  return {
    name: 'follow-up submit',
    p99TargetMs: 100,
    request: (check) => ({
      method: 'POST',
      path: '/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req, context) => {
        // Every submit a new visit of the next resident with its own client request id: each creates a record.
        const n = next++;
        const archId = archiveIds[n % archiveIds.length]!;
        (context as ClientContext).archId = archId;
        const body = { archId, ...hypertensionVisit(random, new Date()), clientRequestId: `bench-${runId}-${n}` };
        return { ...req, body: JSON.stringify(body) };
      },
      onResponse: (status, body, context) => {
        const answer = parse(body);
        check.record(
          status === 200 &&
            answer.success === true &&
            answer.msg === '新增成功' &&
            answer.data?.archId === (context as ClientContext).archId,
          status,
          body,
        );
      },
    }),
  };
}
