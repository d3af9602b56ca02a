import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The data folder is in use by another process${holderPid ? ` (pid ${holderPid})` : ''}: ${file}. ` +
        'PGlite allows one process per folder; stop the other server or choose another DATA_DIR.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock file (O_EXCL) in the data folder. PGlite has no locking of its own and a
 * second process opening the same folder corrupts it. A lock left by a process that no longer runs
 * (killed with SIGKILL) is taken over.
 */
export function acquireLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            fs.unlinkSync(file);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(file, pid);
      if (pid === process.pid) throw new DataDirLockedError(file, pid);
      fs.unlinkSync(file); // stale lock from a dead process
    }
  }
  throw new DataDirLockedError(file, undefined);
}
