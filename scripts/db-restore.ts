// `npm run db:restore -- <file> [--force]`: a file made by db:backup becomes the embedded database
// of DATA_DIR (default ./data; server/ops/pglite-backup.ts). Refused while a server runs on
// DATA_DIR, and when DATA_DIR already holds a database unless --force (which moves that one aside,
// never deletes it). On PostgreSQL use pg_restore: README, Deployment.
import { loadConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/lock';
import { BackupRefusal, restoreDataDir } from '../server/ops/pglite-backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [file, ...rest] = args.filter((arg) => arg !== '--force');
if (!file || file.startsWith('-') || rest.length > 0) {
  console.error('用法：npm run db:restore -- <备份文件> [--force]   （DATA_DIR 指定数据目录，默认 ./data）');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL 已设置：PostgreSQL 请用 pg_restore 恢复（见 README 的 Deployment 一节）');
  process.exit(2);
}
try {
  const { replacedMovedTo } = await restoreDataDir(config.dataDir, file, { force });
  console.log(`已恢复 ${file} → ${config.dataDir}${replacedMovedTo ? `；原数据库已移到 ${replacedMovedTo}` : ''}`);
} catch (error) {
  if (!(error instanceof BackupRefusal || error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
