import { sql, type Kysely } from 'kysely';

/**
 * The archive's contract (user_archive.contract_id, answered as the archive's contractId; issue 33):
 * the resident's open contract — 已签约 or 生效中 (states 1, 2), not removed — the one whose period
 * starts last; '' when none. A trigger on iph_user_contract keeps it in the contract's own
 * transaction, whatever call changed the contract (sign, one-key, effect, terminate, cancel, void,
 * remove, restore). The archive's row_version is not moved: no archive edit is made stale and the
 * archive is not reported again for it. A contract past its period (已到期 is read from the dates,
 * decision 0031) stays the archive's until its state changes or a newer one opens.
 */
const STATEMENTS = [
  `CREATE FUNCTION iph_archive_contract_of(p_tenant text, p_arch text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT id FROM iph_user_contract
      WHERE tenant_id = p_tenant AND arch_id = p_arch AND is_deleted = 0 AND state IN (1, 2)
      ORDER BY start_date DESC, id DESC LIMIT 1), '')
  $$`,
  `CREATE FUNCTION iph_archive_contract_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    current_contract text := iph_archive_contract_of(NEW.tenant_id, NEW.arch_id);
  BEGIN
    UPDATE user_archive SET contract_id = current_contract
      WHERE tenant_id = NEW.tenant_id AND id = NEW.arch_id AND contract_id <> current_contract;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER iph_archive_contract_sync AFTER INSERT OR UPDATE OF state, is_deleted, start_date ON iph_user_contract
    FOR EACH ROW EXECUTE FUNCTION iph_archive_contract_sync()`,
  `UPDATE user_archive a SET contract_id = iph_archive_contract_of(a.tenant_id, a.id)
    WHERE a.contract_id <> iph_archive_contract_of(a.tenant_id, a.id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
