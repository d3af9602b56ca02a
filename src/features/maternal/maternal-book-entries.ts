// 孕产妇手册 (the shell's last tab): spec 001 names the tab only, so the project makes it a read-only
// summary of the pregnancy's records in visit order, each with its key values and, for the graded
// forms, the risk colour of the assessment — what a 母子健康手册 page would show of the visit.
import type { FollowupRecord } from '../../api/followups';
import { codeLabel } from '../../form-runtime';

type Values = Record<string, unknown>;
type Item = [label: string, value: string];

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const label = (bizCode: string, v: unknown): string => codeLabel(bizCode, text(v)) ?? text(v);
const bp = (v: Values): string => (text(v.sbp) && text(v.dbp) ? `${text(v.sbp)}/${text(v.dbp)}mmHg` : '');
const unit = (v: unknown, u: string): string => (text(v) ? `${text(v)}${u}` : '');

/** The forms of the book, in the order of a pregnancy, each with the values that matter on its page. */
export const BOOK_FORMS: readonly { code: string; title: string; items: (v: Values) => Item[] }[] = [
  {
    code: 'maternalfirstvisit',
    title: '第1次产前检查',
    items: (v) => [
      ['孕周', text(v.gestationText)],
      ['预产期', text(v.dueDate)],
      ['血压', bp(v)],
      ['体重', unit(v.weight, 'kg')],
    ],
  },
  {
    code: 'maternalscreening',
    title: '产前筛查',
    items: (v) => [
      ['孕周', text(v.gestationText)],
      ['方式', label('mat_screen_method', v.screenMethod)],
      ['结论', label('mat_screen_risk', v.screenResult)],
      ['产前诊断', v.referral === '2' ? '已建议' : ''],
    ],
  },
  {
    code: 'maternalprenatal',
    title: '产前随访',
    items: (v) => [
      ['孕周', text(v.gestationText)],
      ['血压', bp(v)],
      ['体重', unit(v.weight, 'kg')],
      ['宫底高度', unit(v.fundalHeight, 'cm')],
      ['胎心率', unit(v.fetalHeartRate, '次/分')],
    ],
  },
  {
    code: 'maternaldelivery',
    title: '产时信息',
    items: (v) => [
      ['分娩日期', text(v.deliveryDate)],
      ['孕周', unit(v.deliveryWeeks, '周')],
      ['分娩方式', label('mat_delivery_mode', v.deliveryMode)],
      ['妊娠结局', label('mat_delivery_outcome', v.outcome)],
      ['出血量', unit(v.bloodLoss, 'ml')],
    ],
  },
  {
    code: 'maternalpostpartum',
    title: '产后访视',
    items: (v) => [
      ['产后天数', unit(v.daysAfterDelivery, '天')],
      ['血压', bp(v)],
      ['分类', label('mat_classification', v.classification)],
    ],
  },
  {
    code: 'maternalpostpartum42',
    title: '产后42天健康检查',
    items: (v) => [
      ['产后天数', unit(v.daysAfterDelivery, '天')],
      ['血压', bp(v)],
      ['分类', label('mat_classification', v.classification)],
      ['处理', label('mat_pp42_handling', v.handling)],
    ],
  },
];

export interface BookEntry {
  id: string;
  formCode: string;
  title: string;
  /** The visit's date (the placement's visit date, else the record's own date field, else its creation day). */
  date: string;
  items: Item[];
  /** green/yellow/orange/red from the assessment, when the form carries one. */
  riskColor: string | null;
  riskInfectious: boolean;
}

const dateOf = (r: FollowupRecord): string =>
  r.visitDate || text(r.values.visitDate) || text(r.values.deliveryDate) || r.createTime.slice(0, 10);

/** The book's entries: every record of the case's forms, oldest visit first (ties by creation). */
export function bookEntries(records: readonly FollowupRecord[]): BookEntry[] {
  const forms = new Map(BOOK_FORMS.map((f) => [f.code, f]));
  return records
    .flatMap((r) => {
      const form = forms.get(r.formCode);
      if (!form) return [];
      const grade = text(r.values.riskGrade);
      return [
        {
          id: r.id,
          formCode: r.formCode,
          // 第2~5次 by the visit's own number (mat_visit_no: 第2次（孕16~20周）…), cut before its window.
          title:
            r.formCode === 'maternalprenatal' && text(r.values.visitNo)
              ? `${label('mat_visit_no', r.values.visitNo).replace(/（.*$/, '')}产前随访`
              : form.title,
          date: dateOf(r),
          items: form.items(r.values).filter(([, value]) => value !== ''),
          riskColor: grade || null,
          riskInfectious: r.values.riskInfectious === '1',
          createTime: r.createTime,
        },
      ];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.createTime.localeCompare(b.createTime))
    .map(({ createTime: _created, ...entry }) => entry);
}
