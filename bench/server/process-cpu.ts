// CPU time of the server process and of every PostgreSQL process, read from /proc (Linux): CPU per
// request is steadier than latency on a shared machine, where the neighbours' load moves the
// latency figures but not what one request costs.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process in ms, or 0 when it is gone (or /proc is not there). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export interface CpuSnapshot {
  serverMs: number;
  postgres: Map<number, number>;
}

/** The server processes' CPU (added up) and each PostgreSQL process's. */
export function cpuSnapshot(serverPids: number[]): CpuSnapshot {
  return {
    serverMs: serverPids.reduce((total, pid) => total + processCpuMs(pid), 0),
    postgres: new Map(postgresPids().map((pid) => [pid, processCpuMs(pid)])),
  };
}

/** CPU ms used between two snapshots by the server and by PostgreSQL (backends that started in between count whole). */
export function cpuUsed(before: CpuSnapshot, after: CpuSnapshot): { serverMs: number; postgresMs: number } {
  let postgresMs = 0;
  for (const [pid, ms] of after.postgres) postgresMs += ms - (before.postgres.get(pid) ?? 0);
  return { serverMs: after.serverMs - before.serverMs, postgresMs };
}
