// The residents a form's placement names (its `appliesTo`: crowd labels, sex, whole years of age on
// a day), as one SQL condition over `user_archive a`. The task centre's due rows and the follow-up
// page's form menu ask the same question, so they share this one answer.
import { sql, type RawBuilder } from 'kysely';
import type { FormPlacement } from '../../../src/engine';

/** yyyy-MM-dd `years` whole years before `day` (29 February falls back to the 28th). */
export function yearsBefore(day: string, years: number): string {
  const md = day.slice(5, 10) === '02-29' ? '02-28' : day.slice(5, 10);
  return `${Number(day.slice(0, 4)) - years}-${md}`;
}

/** The condition over `user_archive a` for the residents `appliesTo` names on `today`. */
export function placementResidents(appliesTo: FormPlacement['appliesTo'], today: string): RawBuilder<unknown> {
  const conditions = [sql`true`];
  const labels = appliesTo?.crowdLabels ?? [];
  if (labels.length)
    conditions.push(
      sql`(${sql.join(
        labels.map((label) => sql`(',' || a.crowd_labels || ',') like ${`%,${label},%`}`),
        sql` or `,
      )})`,
    );
  if (appliesTo?.sex) conditions.push(sql`a.sex = ${appliesTo.sex}`);
  // Whole years on `today`: at least minAge means born on or before today minus minAge years.
  if (appliesTo?.minAge !== undefined) conditions.push(sql`a.birthday <= ${yearsBefore(today, appliesTo.minAge)}`);
  if (appliesTo?.maxAge !== undefined) conditions.push(sql`a.birthday > ${yearsBefore(today, appliesTo.maxAge + 1)}`);
  return sql.join(conditions, sql` and `);
}
