import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 消息 (issue 33, decision 0040): the messages written on a resident's detail page and the message
 * tasks sent to many residents (msgtemp/send-message, mission, mission-crowd-label). A row is one
 * message about one resident (`arch_id`): a draft (`status` 0) while it is being written, sent
 * (`status` 1) afterwards and never changed again. Content is rich text already sanitised and with
 * its placeholders filled for that resident. Every save of a draft keeps the text it had in
 * `iph_message_version`, so an earlier wording can be restored. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_message (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      followup_id text NOT NULL DEFAULT '',
      template_id text NOT NULL DEFAULT '',
      mission_id text NOT NULL DEFAULT '',
      category text NOT NULL DEFAULT '9',
      title text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      send_method text NOT NULL DEFAULT '2',
      receive_method text NOT NULL DEFAULT '',
      user_ids text NOT NULL DEFAULT '',
      users text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 0,
      publish_user_id text NOT NULL DEFAULT '',
      publish_user_name text NOT NULL DEFAULT '',
      send_time timestamptz,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_message_arch ON iph_message (tenant_id, arch_id, create_time DESC) WHERE is_deleted = 0;
    CREATE INDEX iph_message_mission ON iph_message (tenant_id, mission_id) WHERE mission_id <> '';
    CREATE TABLE iph_message_version (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      message_id text NOT NULL,
      version integer NOT NULL,
      title text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      user_ids text NOT NULL DEFAULT '',
      users text NOT NULL DEFAULT '',
      update_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX iph_message_version_no ON iph_message_version (tenant_id, message_id, version);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_message_version; DROP TABLE iph_message;`);
}
