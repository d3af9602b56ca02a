// What the designer benchmark puts on the server before it measures: the generated 300-field /
// 500-rule form (form/submit, then published once, as a form being reworked is), the hypertension
// follow-ups the replay reads (through the follow-up submit, as the doctor saves them), and the
// hypertension form's working copy with one rule changed.
import type { FormDocument } from '../../src/engine';
import { FORM_300, generatePlan, planToDocument, YES_NO } from '../generate-document';
import { createRandom } from '../random';
import { hypertensionVisit } from '../hypertension-visit';
import type { Api } from './api';

interface FormRow {
  id: string;
  formCode: string;
  formName: string;
  version: number;
  rowVersion?: number;
}

export interface DesignerForm {
  id: string;
  doc: FormDocument;
  /** The last field of the document: the last row of the outline and of the preview. */
  lastProp: string;
  /** The rule the keystrokes edit, its field and the name the edit misspells. */
  rule: { fieldProp: string; id: string; expression: string; name: string };
}

/** bench:engine's 300/500 document, with its yes/no list as one of the form's own option lists. */
export function designerDocument(): FormDocument {
  const doc = planToDocument(generatePlan(FORM_300));
  return {
    ...doc,
    options: {
      [YES_NO]: {
        name: '是否',
        items: [
          { value: '1', label: '否' },
          { value: '2', label: '是' },
        ],
      },
    },
  };
}

/**
 * The rule the keystroke measurement edits: the first calculation, from the middle of the form on,
 * whose expression ends with a field name before its closing parenthesis ("abs(num60 - calc270)"):
 * typing x before that parenthesis makes it an unknown field, Backspace makes it known again.
 */
function keystrokeRule(doc: FormDocument): DesignerForm['rule'] {
  const middle = Math.floor(doc.fields.length / 2);
  for (const f of doc.fields.slice(middle)) {
    const r = (f.reckons ?? []).find((x) => x.kind === 'calc' && /[A-Za-z_][A-Za-z0-9_]*\)$/.test(x.tcontent ?? ''));
    if (!r?.tcontent) continue;
    const name = /([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(r.tcontent)?.[1];
    if (name && doc.fields.some((x) => x.fieldProp === name)) return { fieldProp: f.fieldProp, id: r.id, expression: r.tcontent, name };
  }
  throw new Error('no calculation in the generated form ends with a field name');
}

export async function createDesignerForm(admin: Api): Promise<DesignerForm> {
  const doc = designerDocument();
  const row = await admin.post<FormRow>('blade-iph-business/form/submit', { document: doc });
  await admin.post(`blade-iph-business/form/publish?id=${row.id}&note=${encodeURIComponent('基准表单')}`);
  const last = doc.fields[doc.fields.length - 1];
  if (!last) throw new Error('the generated form has no fields');
  return { id: row.id, doc, lastProp: last.fieldProp, rule: keystrokeRule(doc) };
}

/**
 * `count` hypertension follow-ups, one per archive, through the doctor's follow-up submit (the
 * server re-validates each with the engine and stores its values and history), `parallel` at a time.
 */
export async function seedFollowups(doctor: Api, archiveIds: readonly string[], count: number, parallel = 8): Promise<number> {
  if (archiveIds.length === 0) throw new Error('no archives to record follow-ups for');
  const random = createRandom(20261124);
  const today = new Date();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const archId = archiveIds[n % archiveIds.length] as string;
      await doctor.post('blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
        archId,
        ...hypertensionVisit(random, today),
        clientRequestId: `bench-designer-${n}`,
      });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  return performance.now() - started;
}

/** The rule the replay's working copy changes: 血压控制 judged against 130/80 instead of 140/90 (150/90 from 65). */
export const CHANGED_RULE = {
  id: 'bpControl.calc',
  tcontent: 'hasValue(sbp) and hasValue(dbp) ? (sbp < 130 and dbp < 80 ? "1" : "2") : ""',
};

/** Changes one rule of the hypertension follow-up's working copy (form/submit with its rowVersion); its id. */
export async function changeHypertensionRule(admin: Api): Promise<string> {
  const page = await admin.get<{ records: FormRow[] }>('blade-iph-business/form/list?current=1&size=10&formCode=hypertensionfollowup');
  const row = page.records.find((r) => r.formCode === 'hypertensionfollowup');
  if (!row) throw new Error('the seeded hypertension follow-up form is missing');
  const detail = await admin.get<FormRow & { document: FormDocument }>(`blade-iph-business/form/detail?id=${row.id}`);
  let changed = false;
  const fields = detail.document.fields.map((f) => {
    const reckons = f.reckons?.map((r) => {
      if (r.id !== CHANGED_RULE.id) return r;
      changed = true;
      return { ...r, tcontent: CHANGED_RULE.tcontent };
    });
    return reckons ? { ...f, reckons } : f;
  });
  if (!changed) throw new Error(`the hypertension follow-up has no rule ${CHANGED_RULE.id}`);
  await admin.post('blade-iph-business/form/submit', {
    id: row.id,
    document: { ...detail.document, fields },
    ...(detail.rowVersion !== undefined && { rowVersion: detail.rowVersion }),
  });
  return row.id;
}
