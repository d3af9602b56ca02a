// The api log (blade-log/api) is written in batches: one row per write call, gathered for at most
// API_LOG_BATCH_MS (or API_LOG_BATCH_MAX rows) and inserted per tenant in one statement. One INSERT
// with its own commit after every write call had doubled the commits of a follow-up submit
// (docs/decisions/0019). What a batch costs: a row of a call answered just before a crash may be
// missing — this log says what was called; the records, their history and the security and login
// logs are written in the calls' own transactions and lose nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { insertApiLogs, type ApiLogEntry } from '../repositories/request-logs';

export const API_LOG_BATCH_MS = 200;
export const API_LOG_BATCH_MAX = 200;

export class ApiLogWriter {
  private pending: ApiLogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Queues one call; written within API_LOG_BATCH_MS. */
  add(entry: ApiLogEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= API_LOG_BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), API_LOG_BATCH_MS);
  }

  /**
   * Writes what is queued, after any batch already being written; resolves when all of it is in
   * the database (the log viewer calls it first, so a caller sees its own calls; closing the app too).
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.flushing;
  }

  private async write(batch: ApiLogEntry[]): Promise<void> {
    const byTenant = new Map<string, ApiLogEntry[]>();
    for (const entry of batch) {
      const rows = byTenant.get(entry.facts.tenantId);
      if (rows) rows.push(entry);
      else byTenant.set(entry.facts.tenantId, [entry]);
    }
    for (const [tenantId, rows] of byTenant) {
      try {
        await withTenant(tenantId, () => insertApiLogs(this.db, rows));
      } catch (error) {
        this.warn(`[api log] ${rows.length} 条接口日志未能写入: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
