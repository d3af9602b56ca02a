import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import type { FormDocument, FormPlacement } from '../types';
import { appliesToResident, nextDueDateOf, placementProblems, visitDateOf } from './placement';

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
