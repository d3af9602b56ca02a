import { useMemo } from 'react';
import type { FormValuesMap } from '../../api/followups';
import { getUserInfo } from '../../api/session';
import type { FormValues } from '../../engine';
import { SchemaForm, type FormRuntime, type UnsavedGuard } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

export interface FollowupFormProps {
  formCode: string;
  version: number | undefined;
  /** A saved record's values; undefined for a new record (the form applies its defaults). */
  values: FormValuesMap | undefined;
  /** Written into a new record after the defaults (visit date, birth date), not counted as a change. */
  prefill?: FormValuesMap;
  archId: string;
  /** The saved record shown; its draft is its own, apart from a new record's. */
  recordId: string | undefined;
  onReady: (runtime: FormRuntime) => void;
  onDirtyChange: (dirty: boolean) => void;
  /**
   * Saves; rejects when the server refused (after showing why), and <SchemaForm> then keeps the
   * values as unsaved changes (dirty, draft kept).
   */
  onSubmit: (values: FormValuesMap, acknowledgements: string[]) => Promise<void>;
  /** The save has counted (form clean, draft gone). */
  onSaved: () => void;
}

/** The forms whose blood pressure is graded by the follow-up rules (spec 001 §5). */
const FOLLOWUP_FORMS = new Set(['hypertensionfollowup', 'diabetesfollowup']);

/**
 * Both follow-up forms record blood pressure as sbp + dbp with the age computed: one
 * blood-pressure widget edits the pair and shows the follow-up grade (diabetic thresholds on the
 * diabetes form). Other forms keep two plain rows: the graded evaluation grades by the guideline's
 * 1级/2级/3级, and a second, different grade beside its own would contradict it.
 */
function bloodPressure(formCode: string) {
  if (!FOLLOWUP_FORMS.has(formCode)) return { widgets: undefined, widgetProps: undefined };
  return {
    widgets: { sbp: 'blood-pressure' as const },
    widgetProps: { sbp: { diastolicField: 'dbp', ageField: 'age', diabetic: formCode === 'diabetesfollowup' } },
  };
}

/** <SchemaForm> as the follow-up page uses it: drafts per archive, the unsaved guard, save. */
export function FollowupForm({
  formCode,
  version,
  values,
  prefill,
  archId,
  recordId,
  onReady,
  onDirtyChange,
  onSubmit,
  onSaved,
}: FollowupFormProps) {
  const m = useMessages(followupMessages);
  const guard = useMemo<UnsavedGuard>(() => ({ report: onDirtyChange }), [onDirtyChange]);
  // Drafts are the signed-in user's own; without a user (a lapsed session) none are kept.
  const draft = useMemo(() => {
    const userId = getUserInfo()?.user_id;
    return userId ? { userId, archiveId: archId, recordId } : false;
  }, [archId, recordId]);
  const bp = useMemo(() => bloodPressure(formCode), [formCode]);
  const ready = useMemo(
    () => (runtime: FormRuntime) => {
      if (prefill) {
        runtime.enter(prefill);
        // The prefilled facts are the starting point, not the user's change: closing loses nothing.
        runtime.markSaved();
      }
      onReady(runtime);
    },
    // The runtime is created once per mounted form; the page remounts the form to change these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <SchemaForm
      formCode={formCode}
      version={version}
      values={values as FormValues | undefined}
      draft={draft}
      guard={guard}
      widgets={bp.widgets}
      widgetProps={bp.widgetProps}
      submitText={m.save}
      onReady={ready}
      onSubmit={(submitted, acknowledgement) => onSubmit(submitted as FormValuesMap, acknowledgement?.ruleIds ?? [])}
      onSaved={onSaved}
    />
  );
}
