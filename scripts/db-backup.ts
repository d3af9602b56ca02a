// `npm run db:backup -- <file>`: the embedded database of DATA_DIR (default ./data) into one file
// (server/ops/pglite-backup.ts). Refused while a server runs on DATA_DIR: stop it first. On
// PostgreSQL (DATABASE_URL set) use pg_dump instead: README, Deployment.
import { loadConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/lock';
import { backupDataDir, BackupRefusal } from '../server/ops/pglite-backup';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('用法：npm run db:backup -- <备份文件>   （DATA_DIR 指定数据目录，默认 ./data）');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL 已设置：PostgreSQL 请用 pg_dump 备份（见 README 的 Deployment 一节）');
  process.exit(2);
}
try {
  const bytes = await backupDataDir(config.dataDir, file);
  console.log(`已备份 ${config.dataDir} → ${file}（${(bytes / 1024 / 1024).toFixed(1)} MB）`);
} catch (error) {
  if (!(error instanceof BackupRefusal || error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
