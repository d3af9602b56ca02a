import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import type { FormDocument, FormPlacement } from '../types';
import { appliesToResident, gestationWindowOn, nextDueDateOf, placementProblems, visitDateOf } from './placement';

const doc = (placement: FormPlacement): FormDocument => ({
  formCode: 'copd',
  formName: '慢阻肺随访',
  version: 1,
  placement,
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5 },
    { fieldProp: 'nextVisitDate', fieldLabel: '下次随访日期', fieldType: 5 },
    { fieldProp: 'note', fieldLabel: '备注', fieldType: 6 },
  ],
});

describe('placement', () => {
  it('says which residents a form is for: any listed label, the sex, the age range', () => {
    const p: FormPlacement = {
      kind: 'followup',
      appliesTo: { crowdLabels: ['hypertension', 'diabetes'], sex: '2', minAge: 35, maxAge: 64 },
    };
    expect(appliesToResident(p, { crowdLabels: ['diabetes'], sex: '2', age: 40 })).toBe(true);
    expect(appliesToResident(p, { crowdLabels: ['copd'], sex: '2', age: 40 })).toBe(false);
    expect(appliesToResident(p, { crowdLabels: ['diabetes'], sex: '1', age: 40 })).toBe(false);
    expect(appliesToResident(p, { crowdLabels: ['diabetes'], sex: '2', age: 65 })).toBe(false);
    expect(appliesToResident(p, { crowdLabels: ['diabetes'], sex: '2', age: null })).toBe(false);
    expect(appliesToResident({ kind: 'education' }, { crowdLabels: [] })).toBe(true);
  });

  it('finds the next due date from the field, else from the visit plus the interval, else none', () => {
    const p: FormPlacement = { kind: 'followup', due: { field: 'nextVisitDate', intervalDays: 90 } };
    expect(nextDueDateOf(p, { visitDate: '2026-01-15', nextVisitDate: '2026-03-01' })).toBe('2026-03-01');
    expect(nextDueDateOf(p, { visitDate: '2026-12-15', nextVisitDate: null })).toBe('2027-03-15');
    expect(nextDueDateOf(p, { visitDate: null })).toBeNull();
    expect(nextDueDateOf({ kind: 'followup', due: { visitField: 'seenOn', intervalDays: 1 } }, { seenOn: '2028-02-28' })).toBe(
      '2028-02-29',
    );
    expect(visitDateOf({ kind: 'followup', due: { visitField: 'seenOn', intervalDays: 1 } }, { seenOn: '2028-02-28T08:00:00' })).toBe(
      '2028-02-28',
    );
  });

  // 国家基本公共卫生服务规范 第三版, 孕产妇健康管理: 第2~5次产前随访 at 16–20, 21–24, 28–36, 37–40 weeks.
  const PRENATAL: [number, number][] = [
    [16, 20],
    [21, 24],
    [28, 36],
    [37, 40],
  ];

  it('places a pregnancy in its prenatal visit window by completed gestational weeks from the LMP', () => {
    const lmp = '2026-01-01';
    // Week 10: no window has begun — the first is the one ahead (16w0d … 20w6d).
    expect(gestationWindowOn(lmp, PRENATAL, '2026-03-12')).toMatchObject({ index: 0, start: '2026-04-23', end: '2026-05-27' });
    // 16w0d is inside the first window; 20w6d is still it; 21w0d is the second.
    expect(gestationWindowOn(lmp, PRENATAL, '2026-04-23')?.index).toBe(0);
    expect(gestationWindowOn(lmp, PRENATAL, '2026-05-27')?.index).toBe(0);
    expect(gestationWindowOn(lmp, PRENATAL, '2026-05-28')).toMatchObject({ index: 1, end: '2026-06-24' });
    // Between 24w6d and 28w0d the missed second window stays the one due (overdue) until the fourth-visit window begins.
    expect(gestationWindowOn(lmp, PRENATAL, '2026-07-01')).toMatchObject({ index: 1, end: '2026-06-24' });
    expect(gestationWindowOn(lmp, PRENATAL, '2026-07-16')).toMatchObject({ index: 2, start: '2026-07-16', end: '2026-09-16' });
    // Past 40w6d the last window, overdue.
    expect(gestationWindowOn(lmp, PRENATAL, '2026-10-20')).toMatchObject({ index: 3, end: '2026-10-14' });
    // A leap year's 29 February is counted: LMP 2028-02-01 + 16 weeks = 2028-05-23.
    expect(gestationWindowOn('2028-02-01', PRENATAL, '2028-05-23')).toMatchObject({ index: 0, start: '2028-05-23' });
    expect(gestationWindowOn('', PRENATAL, '2026-03-12')).toBeNull();
  });

  it('allows visits by gestational week only on maternal forms, in ascending windows, without a period', () => {
    const maternal: FormPlacement = { kind: 'maternal', menu: { title: '产前随访' }, due: { gestationWeeks: PRENATAL } };
    expect(placementProblems(doc(maternal))).toEqual([]);
    const wrong = (due: NonNullable<FormPlacement['due']>, kind: FormPlacement['kind'] = 'maternal') =>
      placementProblems(doc({ kind, menu: { title: 'x' }, due })).map((p) => p.message);
    expect(wrong({ gestationWeeks: PRENATAL }, 'followup')).toEqual(['按孕周到期 (gestationWeeks) 只用于孕产妇表单 (kind maternal)']);
    expect(wrong({ gestationWeeks: [[20, 16]] })).toEqual(['孕周窗口 20-16 的起始孕周大于结束孕周']);
    expect(
      wrong({
        gestationWeeks: [
          [16, 24],
          [21, 28],
        ],
      }),
    ).toEqual(['孕周窗口 21-28 须在上一窗口 16-24 之后']);
    expect(wrong({ gestationWeeks: PRENATAL, period: 'quarter' })).toEqual(['按孕周到期 (gestationWeeks) 不能同时按周期 (period) 到期']);
  });

  it('refuses at compile time what would leave a form unreachable or its due date unknowable', () => {
    expect(placementProblems(doc({ kind: 'followup', menu: { title: '慢阻肺随访' }, due: { field: 'nextVisitDate' } }))).toEqual([]);
    expect(placementProblems(doc({ kind: 'followup', menu: { title: 'x' }, due: { field: 'nextVisit' } })).map((p) => p.message)).toEqual([
      '放置设置的下次随访日期字段指向未知的字段 nextVisit',
    ]);
    expect(placementProblems(doc({ kind: 'followup', menu: { title: 'x' }, due: { field: 'note' } })).map((p) => p.message)).toEqual([
      '放置设置的下次随访日期字段必须是日期字段 (fieldType 5)',
    ]);
    expect(placementProblems(doc({ kind: 'followup', menu: { title: 'x' }, due: {} })).map((p) => p.message)).toEqual([
      '放置设置的 due 需要 field (下次随访日期字段) 或 intervalDays (间隔天数)',
    ]);
    expect(placementProblems(doc({ kind: 'evaluation' })).map((p) => p.message)).toEqual([
      '放置设置既没有档案菜单 (menu) 也没有页签 (tabs): 居民档案中找不到这张表单',
    ]);
    expect(placementProblems(doc({ kind: 'evaluation', tabs: [{ host: 'copd', title: '评估' }] })).map((p) => p.message)).toEqual([
      '表单不能作为自己页面的页签 (copd)',
    ]);
    const compiled = compileDocument(doc({ kind: 'followup', menu: { title: 'x' }, appliesTo: { minAge: 70, maxAge: 60 } }));
    expect(compiled.form).toBeUndefined();
    expect(compiled.errors.map((e) => e.message)).toEqual(['放置设置的适用年龄 minAge 大于 maxAge']);
  });

  it('keeps a dialog form (kind dialog) out of every resident: no menu, tabs, due or residents allowed', () => {
    expect(placementProblems(doc({ kind: 'dialog' }))).toEqual([]);
    expect(placementProblems(doc({ kind: 'dialog', menu: { title: '注销档案' }, appliesTo: { minAge: 1 } })).map((p) => p.message)).toEqual(
      ['对话框表单 (kind dialog) 不出现在居民档案中, 放置设置不能有 appliesTo, menu'],
    );
    const compiled = compileDocument(doc({ kind: 'dialog', tabs: [{ host: 'hypertensionfollowup', title: '注销' }] }));
    expect(compiled.form).toBeUndefined();
    expect(compiled.errors.map((e) => e.message)).toEqual(['对话框表单 (kind dialog) 不出现在居民档案中, 放置设置不能有 tabs']);
  });
});
