import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Empty, Tabs } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { followupStore, type FollowupRecord, type FormValuesMap, type RecordStore } from '../../api/followups';
import { useFormDocument } from '../../form-runtime';
import type { MaternalCase } from './maternal-api';
import { MATERNAL_LIST_PATHS, MATERNAL_SAVE_PATHS, type MaternalTabForm } from './maternal-messages';
import { MATERNAL_RECORD_LABELS } from './maternal-record-labels';
import { VisitWindowNote } from './visit-window-note';

/** What a new record of a maternal form starts from, taken from its case (the engine drops what a form lacks). */
export function casePrefill(c: MaternalCase): FormValuesMap {
  const values: FormValuesMap = {};
  if (c.lastMenstrualPeriod) values.lmp = c.lastMenstrualPeriod;
  if (c.gravidity !== null) values.gravidity = c.gravidity;
  if (c.age !== null) values.age = c.age;
  if (c.deliveryDate) values.deliveryDate = c.deliveryDate;
  return values;
}

/** Why a case takes no new visit (the save calls refuse it with the same words), or undefined. */
export function caseAddRefusal(c: Pick<MaternalCase, 'status'>): string | undefined {
  if (c.status === '2') return '孕产妇档案已结案，不能新增随访';
  if (c.status === '3') return '孕产妇档案已注销，不能保存';
  return undefined;
}

/**
 * What the shell asks of the record page it shows a form in: the archive page's follow-up page
 * (features/archive-detail FollowupPage), handed in by src/app since features never import each other.
 */
export interface RecordPageProps {
  formCode: string;
  archive: ArchiveRecord;
  archId: string;
  otherId: string;
  store: RecordStore;
  prefill: FormValuesMap;
  kind: string;
  title: string;
  onDirtyChange: (dirty: boolean) => void;
  onRecordSaved: (record: FollowupRecord) => void;
  tabBar: boolean;
  addRefusal: string | undefined;
  /** What names a record in the list; the visit date by default. */
  recordLabel?: (record: FollowupRecord) => ReactNode;
}
export type RecordPage = ComponentType<RecordPageProps>;

export interface MaternalFormProps {
  RecordPage: RecordPage;
  form: MaternalTabForm;
  c: MaternalCase;
  archive: ArchiveRecord;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (record: FollowupRecord) => void;
}

/**
 * One maternal form in the shell: the record page (the archive page's follow-up page) over the case's records only,
 * saving through the form's spec call (or userfollowup/submit when the spec names none), which checks the case and updates it (risk colour, delivery
 * date, close-off) after the save. Until the form is published it says so.
 */
function MaternalForm({ RecordPage, form, c, archive, onDirtyChange, onSaved }: MaternalFormProps) {
  const { doc, loading } = useFormDocument(form.code, undefined, 'server');
  // A form without a spec save call (产前筛查) goes through the generic submit, which checks the otherId's case the same way.
  const store = useMemo(
    () => ({
      listPath: MATERNAL_LIST_PATHS[form.code] ?? followupStore.listPath,
      submitPath: MATERNAL_SAVE_PATHS[form.code] ?? followupStore.submitPath,
    }),
    [form.code],
  );
  // The case's facts at the time the page opened: a later reload of the case (after a save) must not
  // re-create the page's prefill and with it the open form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const prefill = useMemo(() => casePrefill(c), [c.id]);
  if (loading) return null;
  if (!doc) return <Empty description="该表单尚未发布" data-testid={`form-missing-${form.code}`} />;
  return (
    <div style={{ height: '100%', minHeight: 360 }} data-testid={`maternal-form-${form.code}`}>
      <VisitWindowNote placement={doc.placement} c={c} today={new Date().toISOString().slice(0, 10)} />
      <RecordPage
        formCode={form.code}
        archive={archive}
        archId={c.archId}
        otherId={c.id}
        store={store}
        prefill={prefill}
        kind="maternal"
        title={form.label}
        tabBar={false}
        addRefusal={caseAddRefusal(c)}
        onDirtyChange={onDirtyChange}
        onRecordSaved={onSaved}
        {...(MATERNAL_RECORD_LABELS[form.code] && { recordLabel: MATERNAL_RECORD_LABELS[form.code] })}
      />
    </div>
  );
}

export interface MaternalFormTabProps {
  RecordPage: RecordPage;
  forms: MaternalTabForm[];
  c: MaternalCase;
  archive: ArchiveRecord;
  /** The dirty reporter of one form (by code), for the shell's leave guard. */
  dirtyOf: (code: string) => (dirty: boolean) => void;
  /** The sub-tab shown first (a form code), when the page was opened for that form. */
  initialForm?: string;
  onSaved: (record: FollowupRecord) => void;
}

/**
 * A shell tab's forms: one form fills the tab; several (产检随访: the first prenatal exam and the
 * 2nd–5th visits) get sub-tabs. antd keeps a visited sub-tab mounted, so switching never loses typing.
 */
export function MaternalFormTab({ RecordPage, forms, c, archive, dirtyOf, initialForm, onSaved }: MaternalFormTabProps) {
  const one = (form: MaternalTabForm) => (
    <MaternalForm
      key={form.code}
      RecordPage={RecordPage}
      form={form}
      c={c}
      archive={archive}
      onDirtyChange={dirtyOf(form.code)}
      onSaved={onSaved}
    />
  );
  if (forms.length === 1) return one(forms[0]!);
  return (
    <Tabs
      className="maternal-fill"
      style={{ height: '100%' }}
      type="card"
      size="small"
      defaultActiveKey={forms.some((f) => f.code === initialForm) ? initialForm : undefined}
      items={forms.map((form) => ({ key: form.code, label: form.label, children: one(form) }))}
    />
  );
}
