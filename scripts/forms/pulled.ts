// forms.pulled.json at the project root: per server and tenant, the published version each form's
// files came from (written by forms:pull, updated by forms:push to the version it published). A push
// sends it as baseVersion, so a version published meanwhile by someone else is a conflict (409), not
// silently reverted. Committed with the files; canonical (servers by address then tenant, forms by
// code, 2-space JSON, final newline) so a pull or push changes only the lines it must.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PULLED_FILE = 'forms.pulled.json';

export interface PulledServer {
  server: string;
  tenant: string;
  /** formCode → the published version the files are. */
  forms: Record<string, number>;
}

export interface PulledRecord {
  servers: PulledServer[];
}

/** A server address as recorded: no trailing slash, lower-case scheme and host. */
export function serverKey(server: string): string {
  try {
    const u = new URL(server);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return server.replace(/\/+$/, '');
  }
}

export function readPulled(root: string): PulledRecord {
  const file = path.join(root, PULLED_FILE);
  if (!existsSync(file)) return { servers: [] };
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<PulledRecord>;
  return { servers: Array.isArray(data.servers) ? data.servers : [] };
}

/** The version recorded for a form on a server and tenant, or undefined when it was never pulled there. */
export function pulledVersion(record: PulledRecord, server: string, tenant: string, formCode: string): number | undefined {
  const s = record.servers.find((x) => x.server === serverKey(server) && x.tenant === tenant);
  const v = s?.forms[formCode];
  return typeof v === 'number' ? v : undefined;
}

/** The record's canonical text. */
export function pulledText(record: PulledRecord): string {
  const servers = [...record.servers]
    .filter((s) => Object.keys(s.forms).length > 0)
    .sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : a.tenant < b.tenant ? -1 : a.tenant > b.tenant ? 1 : 0))
    .map((s) => ({
      server: s.server,
      tenant: s.tenant,
      forms: Object.fromEntries(
        Object.keys(s.forms)
          .sort()
          .map((k) => [k, s.forms[k]]),
      ),
    }));
  return `${JSON.stringify({ servers }, null, 2)}\n`;
}

/** Records that the form's files at `root` are `version` of the server and tenant; writes the file. */
export function recordPulled(root: string, server: string, tenant: string, formCode: string, version: number): void {
  const record = readPulled(root);
  const key = serverKey(server);
  let s = record.servers.find((x) => x.server === key && x.tenant === tenant);
  if (!s) {
    s = { server: key, tenant, forms: {} };
    record.servers.push(s);
  }
  s.forms[formCode] = version;
  writeFileSync(path.join(root, PULLED_FILE), pulledText(record));
}
