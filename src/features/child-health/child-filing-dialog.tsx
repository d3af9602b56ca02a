import { useRef, useState } from 'react';
import { Alert, App, Button } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import type { FieldValue } from '../../engine';
import { FormDialog } from '../../form-runtime';
import { findFiledChild, saveChildCase, searchResidents, type ChildCase } from './child-api';

interface Props {
  open: boolean;
  onClose: () => void;
  onFiled: (c: ChildCase) => void;
  /** Opens a child already filed (the children-valid check found one). */
  onOpenFiled: (c: ChildCase) => void;
}

/** The dialog form document (schemas/childfiling.json, rules/childfiling.rules.json). */
const FILING_FORM = 'childfiling';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '建档失败';
const text = (v: FieldValue | undefined) => (typeof v === 'string' && v !== '' ? v : null);
const sexText = (sex: string | undefined) => (sex === '2' ? '女' : sex === '1' ? '男' : '未知');
const residentLabel = (r: ArchiveRecord) =>
  `${r.personName}（${sexText(r.sex)}，${String(r.birthday ?? '').slice(0, 10) || '出生日期未填'}）`;

/**
 * 新生儿建档: the child's resident archive, birth date, sex, birth weight and mother — the fields and
 * their rules are the form document's (the birth weight's bounds and message are the newborn
 * visit's). The children-valid check (child_plagiarism_check) runs first, so a child filed here
 * already opens instead of being filed twice. A refusal is shown in the dialog and every answer
 * stays as typed.
 */
export function ChildFilingDialog({ open, onClose, onFiled, onOpenFiled }: Props) {
  const { message } = App.useApp();
  const [error, setError] = useState('');
  const [filed, setFiled] = useState<ChildCase | null>(null);
  // The residents the pickers found, by id: picking the child fills birth date and sex from its archive.
  const found = useRef(new Map<string, ArchiveRecord>());

  const search = async (name: string) => {
    const rows = await searchResidents(name);
    for (const r of rows) found.current.set(r.id, r);
    return rows.map((r) => ({ value: r.id, label: residentLabel(r) }));
  };
  const pickChild = (id: string | null) => {
    setFiled(null);
    const r = id ? found.current.get(id) : undefined;
    if (!r) return undefined;
    return {
      birthDate: r.birthday ? String(r.birthday).slice(0, 10) : undefined,
      childSex: r.sex === '1' || r.sex === '2' ? r.sex : undefined,
    };
  };
  const picker = { search, emptyText: '输入姓名查询居民档案', searchingText: '查询中…' };

  const submit = async (v: Record<string, FieldValue>) => {
    setError('');
    setFiled(null);
    const archId = text(v.archId)!;
    try {
      const check = await findFiledChild(archId);
      if (check.filed && check.case) {
        setFiled(check.case);
        throw new Error('filed');
      }
      const saved = await saveChildCase({
        archId,
        birthDate: text(v.birthDate)!,
        childSex: text(v.childSex)!,
        birthWeight: typeof v.birthWeight === 'number' ? v.birthWeight : null,
        motherArchId: text(v.motherArchId),
      });
      void message.success('建档成功');
      onFiled(saved);
    } catch (e) {
      if (!(e instanceof Error && e.message === 'filed')) setError(errorText(e));
      // Rejecting keeps the dialog open with every answer as typed.
      throw e;
    }
  };

  const close = () => {
    setError('');
    setFiled(null);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="新生儿建档"
      formCode={FILING_FORM}
      okText="建 档"
      cancelText="取 消"
      width={560}
      onSubmit={submit}
      onClose={close}
      widgets={{ archId: 'search-select', motherArchId: 'search-select' }}
      widgetProps={{
        archId: { ...picker, onPick: pickChild, 'data-testid': 'child-filing-child' },
        motherArchId: { ...picker, 'data-testid': 'child-filing-mother' },
      }}
    >
      {error && <Alert type="error" showIcon message={error} data-testid="child-filing-error" />}
      {filed && (
        <Alert
          type="info"
          showIcon
          message={`该儿童已建档（${filed.statusText}），不能重复建档`}
          action={
            <Button size="small" onClick={() => onOpenFiled(filed)}>
              查看
            </Button>
          }
        />
      )}
    </FormDialog>
  );
}
