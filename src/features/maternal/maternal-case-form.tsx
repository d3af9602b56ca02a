import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App } from 'antd';
import type { FieldValue, FormValues } from '../../engine';
import { SchemaForm, type FormRuntime, type UnsavedGuard } from '../../form-runtime';
import { saveMaternalCase, type MaternalCase } from './maternal-api';

/** The form document of the tab (schemas/maternalcase.json, rules/maternalcase.rules.json). */
export const CASE_FORM = 'maternalcase';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '操作失败';

/** What a filing starts from when the opener gave it (the shell's lastMenstrualPeriod and BARCODE). */
export interface CaseFormPrefill {
  lastMenstrualPeriod?: string;
  barcode?: string;
}

/** The form's values from the case (or, filing, the prefill and G1P0); empty texts are left out, as the engine keeps them. */
function valuesOf(c: MaternalCase | null, prefill: CaseFormPrefill = {}): FormValues {
  const values: FormValues = {
    lastMenstrualPeriod: c?.lastMenstrualPeriod ?? prefill.lastMenstrualPeriod ?? '',
    gravidity: c ? c.gravidity : 1,
    parity: c ? c.parity : 0,
    pregnantBookId: c?.pregnantBookId ?? '',
    barcode: c?.barcode ?? prefill.barcode ?? '',
    restRegion: c?.restRegion ?? '',
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null));
}

const text = (v: FieldValue | undefined) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const count = (v: FieldValue | undefined) => (typeof v === 'number' ? v : null);

export interface CaseFormProps {
  archId: string;
  c: MaternalCase | null;
  onSaved: (c: MaternalCase) => void;
  /** Whether the form holds typing not saved yet, for the shell's leave guard. */
  onDirtyChange: (dirty: boolean) => void;
  /** Filing only: the values the opener passed. */
  prefill?: CaseFormPrefill;
  /** A closed case that may not be edited: the form shows, read only, with this note. */
  readOnlyNote?: string;
}

/**
 * 孕产妇档案: the case itself, filed or edited through create-or-update. The fields and their rules
 * are the form document schemas/maternalcase.json (LMP not in the future nor over 45 weeks ago,
 * parity below gravidity — the server's words); a refusal keeps what was typed. A case reloaded
 * by another tab's save (risk colour, close-off) refreshes the fields only while nothing is typed
 * here, so such a reload never overwrites the user's typing.
 */
export function CaseForm({ archId, c, onSaved, onDirtyChange, prefill, readOnlyNote }: CaseFormProps) {
  const { message } = App.useApp();
  const [error, setError] = useState('');
  const runtime = useRef<FormRuntime | undefined>(undefined);
  const saved = useRef<MaternalCase | undefined>(undefined);
  const guard = useMemo<UnsavedGuard>(() => ({ report: onDirtyChange }), [onDirtyChange]);
  // The values the form opened with, and a generation that remounts it with newer ones.
  const [opened, setOpened] = useState(() => ({ values: valuesOf(c, prefill), generation: 0 }));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Asked of the runtime itself: what was typed while a save was on its way is still a change there.
    if (runtime.current?.getStatus().dirty) return;
    // The prefill counts only for the first values of a filing.
    setOpened((o) => ({ values: valuesOf(c), generation: o.generation + 1 }));
  }, [c]);
  // A cancelled case is never saved again (the server refuses it with these words); a closed one only when the settings allow.
  const note = readOnlyNote ?? (c?.status === '3' ? '该档案已注销，不能修改' : undefined);
  const readOnly = Boolean(note);
  const submit = async (values: Record<string, FieldValue>) => {
    setError('');
    try {
      saved.current = await saveMaternalCase({
        archId,
        ...(c && { id: c.id, rowVersion: c.rowVersion }),
        lastMenstrualPeriod: text(values.lastMenstrualPeriod),
        gravidity: count(values.gravidity),
        parity: count(values.parity),
        pregnantBookId: text(values.pregnantBookId),
        barcode: text(values.barcode),
        restRegion: text(values.restRegion),
      });
    } catch (e) {
      setError(errorText(e));
      // Rejected: the form keeps the typing as unsaved changes.
      throw e;
    }
  };
  // Called once the form counts the save (clean, but for typing done while it was sent).
  const afterSave = () => {
    if (!saved.current) return;
    message.success(c ? '修改成功' : '建档成功');
    onSaved(saved.current);
  };
  return (
    <div className="fr-dialog maternal-case-form" style={{ padding: 16 }} data-testid="maternal-case-form">
      {note && <Alert type="info" showIcon message={note} style={{ marginBottom: 12 }} data-testid="maternal-case-readonly" />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="maternal-case-error" />}
      <SchemaForm
        // The runtime reads its mode once: a case that becomes (or stops being) read only starts the form again.
        key={`${opened.generation}:${readOnly ? 'view' : 'edit'}`}
        formCode={CASE_FORM}
        source="bundled"
        values={opened.values}
        mode={readOnly ? 'view' : 'edit'}
        draft={false}
        guard={guard}
        submitText={c ? '保存' : '建档'}
        onReady={(r) => {
          runtime.current = r;
        }}
        onSubmit={readOnly ? undefined : submit}
        onSaved={afterSave}
      />
    </div>
  );
}
