import { sql, type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 家庭医生团队 and 团队成员 (blade-iph-business doctorteam, doctorteamdts; spec 002 §7, issue 31).
 *
 * - blade_team (001) becomes a resource table: the standard columns the generic routes write
 *   (is_deleted, row_version, create_user, create_time, update_user, update_time), with defaults so
 *   the seeded and existing teams stay valid, and the team's own columns (code, leader, phone,
 *   introduction, status, sort). Code that reads blade_team by id and tenant keeps working.
 * - iph_doctor_team_dts: a user's membership of a team and the role in it (1 团队长, 2 医生, 3 护士,
 *   4 公卫医师); one live row per team and user.
 * - blade_user.team_id (the comma list the login and the archive transfer read) follows the
 *   memberships by trigger, whichever call changes them (the generic submit and remove, grant): a
 *   live membership puts the team id in the user's list, its removal (or a change of team or user)
 *   takes it out. Removing a team removes its memberships (and so the id from its members' lists).
 * - Memberships existing lists already name are written once here (an installation upgraded in place).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_team ADD COLUMN team_code text NOT NULL DEFAULT '';
    ALTER TABLE blade_team ADD COLUMN leader_id text;
    ALTER TABLE blade_team ADD COLUMN phone text NOT NULL DEFAULT '';
    ALTER TABLE blade_team ADD COLUMN introduction text NOT NULL DEFAULT '';
    ALTER TABLE blade_team ADD COLUMN status integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_team ADD COLUMN sort integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_team ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_team ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_team ADD COLUMN create_user text;
    ALTER TABLE blade_team ADD COLUMN create_time timestamptz NOT NULL DEFAULT now();
    ALTER TABLE blade_team ADD COLUMN update_user text;
    ALTER TABLE blade_team ADD COLUMN update_time timestamptz;
    CREATE UNIQUE INDEX blade_team_code ON blade_team (tenant_id, team_code) WHERE is_deleted = 0 AND team_code <> '';

    CREATE TABLE iph_doctor_team_dts (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      team_id text NOT NULL,
      user_id text NOT NULL,
      team_role integer NOT NULL DEFAULT 2,
      sort integer NOT NULL DEFAULT 0,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_doctor_team_dts_member ON iph_doctor_team_dts (tenant_id, team_id, user_id) WHERE is_deleted = 0;
    CREATE INDEX iph_doctor_team_dts_user ON iph_doctor_team_dts (tenant_id, user_id) WHERE is_deleted = 0;

    INSERT INTO iph_doctor_team_dts (id, tenant_id, team_id, user_id, team_role)
      SELECT DISTINCT ON (u.tenant_id, t.id, u.id) '9' || lpad(abs(hashtext(t.id || ':' || u.id))::text, 12, '0') || u.id,
        u.tenant_id, t.id, u.id, 2
      FROM blade_user u
      CROSS JOIN LATERAL unnest(string_to_array(u.team_id, ',')) AS m(team)
      JOIN blade_team t ON t.tenant_id = u.tenant_id AND t.id = trim(m.team)
      WHERE u.is_deleted = 0;

  `,
  );
  // Function bodies hold semicolons: each statement on its own.
  await sql
    .raw(
      `
    CREATE FUNCTION iph_team_list_without(list text, team text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(string_agg(trim(x), ',' ORDER BY n), '')
      FROM unnest(string_to_array(list, ',')) WITH ORDINALITY AS s(x, n)
      WHERE trim(x) <> '' AND trim(x) <> team
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION iph_doctor_team_dts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.is_deleted = 0
         AND (NEW.is_deleted <> 0 OR NEW.team_id <> OLD.team_id OR NEW.user_id <> OLD.user_id) THEN
        UPDATE blade_user SET team_id = iph_team_list_without(team_id, OLD.team_id)
          WHERE tenant_id = OLD.tenant_id AND id = OLD.user_id;
      END IF;
      IF NEW.is_deleted = 0 AND (TG_OP = 'INSERT' OR OLD.is_deleted <> 0
         OR NEW.team_id <> OLD.team_id OR NEW.user_id <> OLD.user_id) THEN
        UPDATE blade_user
          SET team_id = CASE WHEN iph_team_list_without(team_id, NEW.team_id) = '' THEN NEW.team_id
                             ELSE iph_team_list_without(team_id, NEW.team_id) || ',' || NEW.team_id END
          WHERE tenant_id = NEW.tenant_id AND id = NEW.user_id
            AND NOT (NEW.team_id = ANY (string_to_array(replace(team_id, ' ', ''), ',')));
      END IF;
      RETURN NULL;
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE TRIGGER iph_doctor_team_dts_sync AFTER INSERT OR UPDATE ON iph_doctor_team_dts
      FOR EACH ROW EXECUTE FUNCTION iph_doctor_team_dts_sync()
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION blade_team_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.is_deleted = 0 AND NEW.is_deleted <> 0 THEN
        UPDATE iph_doctor_team_dts
          SET is_deleted = 1, row_version = row_version + 1, update_user = NEW.update_user, update_time = NEW.update_time
          WHERE tenant_id = NEW.tenant_id AND team_id = NEW.id AND is_deleted = 0;
      END IF;
      RETURN NULL;
    END
    $$
  `,
    )
    .execute(db);
  await sql
    .raw(
      `
    CREATE TRIGGER blade_team_removed AFTER UPDATE OF is_deleted ON blade_team
      FOR EACH ROW EXECUTE FUNCTION blade_team_removed()
  `,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER blade_team_removed ON blade_team;
    DROP FUNCTION blade_team_removed();
    DROP TABLE iph_doctor_team_dts;
    DROP FUNCTION iph_doctor_team_dts_sync();
    DROP FUNCTION iph_team_list_without(text, text);
    DROP INDEX blade_team_code;
    ALTER TABLE blade_team DROP COLUMN update_time, DROP COLUMN update_user, DROP COLUMN create_time, DROP COLUMN create_user,
      DROP COLUMN row_version, DROP COLUMN is_deleted, DROP COLUMN sort, DROP COLUMN status, DROP COLUMN introduction,
      DROP COLUMN phone, DROP COLUMN leader_id, DROP COLUMN team_code;
  `,
  );
}
