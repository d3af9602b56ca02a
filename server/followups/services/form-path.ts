/**
 * A spec call that saves one form (e.g. `userfollowup/save_or_update_postpartum_visit`): its path, the
 * form code it stands for, and — for the maternal and child programmes — the kind of case the record
 * belongs to (its otherId must be a live case of that kind of the same resident). A domain lists its
 * calls as FormPath rows; app.ts registers them with routes/form-paths.ts's one handler.
 */
export interface FormPath {
  path: string;
  formCode: string;
  other?: 'maternal' | 'child';
}
