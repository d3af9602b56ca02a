import { describe, expect, it } from 'vitest';
import { compileDocument, evaluate, validateDocument, type FieldDef, type FormDocument } from '../../engine';
import { caseFromPreview, parseCases, runCases } from './case-runner';
import { comparedField, insideString } from './completions';
import { expressionDiagnostics, placeOf } from './diagnostics';
import { designerMessages } from './designer-messages';
import {
  addField,
  emptyDocument,
  exportFiles,
  fieldKey,
  kindOfExt,
  moveRow,
  outlineRows,
  removeSection,
  sameContent,
  sectionKey,
  workingStatus,
} from './document-utils';
import {
  fieldPanelDocument,
  fieldPanelValues,
  formPanelDocument,
  formPanelValues,
  fromFieldPanel,
  fromFormPanel,
  newFormDocument,
  publishNoteDocument,
  rollbackNoteDocument,
  sectionPanelDocument,
} from './property-documents';

const m = designerMessages.zh;
const now = new Date('2024-06-15T09:00:00');

const doc = (): FormDocument => ({
  formCode: 'demo',
  formName: '示例',
  version: 1,
  sections: [
    { id: 'a', title: '甲', columns: 2 },
    { id: 'b', title: '乙' },
  ],
  fields: [
    { fieldProp: 'x', fieldLabel: 'X', fieldType: 4, section: 'a' },
    { fieldProp: 'y', fieldLabel: 'Y', fieldType: 4, section: 'a', reckons: [{ id: 'y.calc', kind: 'calc', tcontent: 'x + 1' }] },
    { fieldProp: 'z', fieldLabel: 'Z', fieldType: 3, section: 'b' },
  ],
});

describe('the designer’s own documents', () => {
  const panels = [
    newFormDocument(m),
    publishNoteDocument(m),
    rollbackNoteDocument(m),
    sectionPanelDocument(m),
    fieldPanelDocument(m, doc()),
    formPanelDocument(m, doc()),
    fieldPanelDocument(m, { ...doc(), sections: [] }),
    formPanelDocument(m, { ...doc(), fields: [{ fieldProp: 'd', fieldLabel: '日期', fieldType: 5 }] }),
  ];
  const en = designerMessages.en;
  panels.push(fieldPanelDocument(en, doc()), formPanelDocument(en, doc()), newFormDocument(en));
  it.each(panels.map((p, i) => [p.formCode, i, p] as const))('%s (%i) passes the meta-schema and compiles', (_code, _i, panel) => {
    expect(validateDocument(panel).issues).toEqual([]);
    expect(compileDocument(panel).errors.filter((e) => e.severity === 'error')).toEqual([]);
  });

  it('the field panel’s rules: a dictionary type needs bizCode or fieldUrl; unit only for numbers', () => {
    const compiled = compileDocument(fieldPanelDocument(m, doc())).form!;
    const radio = evaluate(compiled, { fieldProp: 'smoker', fieldLabel: '吸烟', fieldType: '2' }, { now });
    expect(radio.messages.map((x) => x.ruleId)).toEqual(['bizCode.missing']);
    expect(radio.fields.bizCode?.required).toBe(true);
    expect(radio.fields.unit?.visible).toBe(false);
    const listed = evaluate(compiled, { fieldProp: 'smoker', fieldLabel: '吸烟', fieldType: '2', bizCode: 'yn' }, { now });
    expect(listed.messages).toEqual([]);
    const number = evaluate(compiled, { fieldProp: 'w', fieldLabel: '体重', fieldType: '4', minValue: 10, maxValue: 5 }, { now });
    expect(number.fields.unit?.visible).toBe(true);
    expect(number.fields.bizCode?.visible).toBe(false);
    expect(number.messages.map((x) => x.message)).toEqual([m.minMax]);
  });

  it('a field round-trips through its panel; hidden rows drop their property, reckons stay', () => {
    const field: FieldDef = {
      fieldProp: 'w',
      fieldLabel: '体重',
      fieldType: 4,
      required: 1,
      unit: 'kg',
      min: 0,
      max: 300,
      precision: 1,
      section: 'a',
      span: 2,
      default: 60,
      hidden: false,
      reckons: [{ id: 'r', kind: 'check', tcontent: 'w > 200' }],
    };
    const all = () => true;
    expect(fromFieldPanel(fieldPanelValues(field), field, all)).toEqual(field);
    const asText = fromFieldPanel(
      { ...fieldPanelValues(field), fieldType: '3' },
      field,
      (p) => !['unit', 'minValue', 'maxValue', 'precision'].includes(p),
    );
    expect(asText).toEqual({
      fieldProp: 'w',
      fieldLabel: '体重',
      fieldType: 3,
      required: 1,
      section: 'a',
      span: 2,
      default: '60',
      hidden: false,
      reckons: field.reckons,
    });
    const multi = fromFieldPanel({ ...fieldPanelValues(field), fieldType: '7', defaultValue: '1, 2', bizCode: 'x' }, field, all);
    expect(multi.default).toEqual(['1', '2']);
  });

  it('the form panel writes the placement, keeping its tabs; no kind, no placement', () => {
    const d: FormDocument = { ...doc(), placement: { kind: 'followup', tabs: [{ host: 'other', title: '页签' }] } };
    const values = {
      ...formPanelValues(d),
      crowdLabels: 'hypertension, diabetes',
      sex: '2',
      minAge: 35,
      menuTitle: '随访',
      menuOrder: 20,
      dueInterval: 90,
      duePeriod: 'quarter',
    };
    expect(fromFormPanel(values, d).placement).toEqual({
      kind: 'followup',
      tabs: [{ host: 'other', title: '页签' }],
      appliesTo: { crowdLabels: ['hypertension', 'diabetes'], sex: '2', minAge: 35 },
      menu: { title: '随访', order: 20 },
      due: { intervalDays: 90, period: 'quarter' },
    });
    expect(fromFormPanel({ ...values, kind: null }, d).placement).toBeUndefined();
    expect(fromFormPanel(formPanelValues(d), d)).toEqual(d);
  });

  it('a maternal form’s visits by gestational week read and write as "16-20, 21-24"; other kinds drop them', () => {
    const d: FormDocument = { ...doc(), placement: { kind: 'maternal', menu: { title: '产前随访' }, due: { gestationWeeks: [[16, 20]] } } };
    expect(formPanelValues(d).dueGestationWeeks).toBe('16-20');
    const values = { ...formPanelValues(d), dueGestationWeeks: '16-20，21-24、 28 - 36' };
    expect(fromFormPanel(values, d).placement?.due).toEqual({
      gestationWeeks: [
        [16, 20],
        [21, 24],
        [28, 36],
      ],
    });
    expect(fromFormPanel({ ...values, kind: 'followup' }, d).placement?.due).toBeUndefined();
  });
});

describe('outline moves', () => {
  it('lists sections with their fields, loose fields last', () => {
    const d = { ...doc(), fields: [...doc().fields, { fieldProp: 'loose', fieldLabel: 'L', fieldType: 3 as const }] };
    expect(outlineRows(d, '未分组').map((r) => r.key)).toEqual([
      sectionKey('a'),
      fieldKey('x', 0),
      fieldKey('y', 1),
      sectionKey('b'),
      fieldKey('z', 2),
      sectionKey('__none'),
      fieldKey('loose', 3),
    ]);
  });

  it('a field dropped on another section joins it; the selection follows', () => {
    const moved = moveRow(doc(), fieldKey('x', 0), sectionKey('b'))!;
    expect(moved.doc.fields.map((f) => `${f.fieldProp}:${f.section}`)).toEqual(['y:a', 'x:b', 'z:b']);
    expect(moved.indexMap.get(0)).toBe(1);
  });

  it('a field reorders within its section', () => {
    const moved = moveRow(doc(), fieldKey('y', 1), fieldKey('x', 0))!;
    expect(moved.doc.fields.map((f) => f.fieldProp)).toEqual(['y', 'x', 'z']);
  });

  it('a section moves with its fields', () => {
    const moved = moveRow(doc(), sectionKey('b'), sectionKey('a'))!;
    expect(moved.doc.sections?.map((s) => s.id)).toEqual(['b', 'a']);
    expect(moved.doc.fields.map((f) => f.fieldProp)).toEqual(['z', 'x', 'y']);
  });

  it('adds a field after its section’s last; a removed section leaves its fields without one', () => {
    const added = addField(doc(), 'a', (n) => `新字段${n}`);
    expect(added.index).toBe(2);
    expect(added.doc.fields[2]).toEqual({ fieldProp: 'field4', fieldLabel: '新字段4', fieldType: 3, section: 'a' });
    expect(removeSection(doc(), 'b').fields[2]).toEqual({ fieldProp: 'z', fieldLabel: 'Z', fieldType: 3 });
  });
});

describe('status, files and diagnostics', () => {
  it('the working copy against the latest version', () => {
    expect(workingStatus(0, doc(), undefined)).toBe('unpublished');
    expect(workingStatus(1, { ...doc(), version: 2 }, doc())).toBe('published');
    expect(workingStatus(1, { ...doc(), formName: '改' }, doc())).toBe('changed');
    expect(sameContent({ ...doc(), $schema: 'x' }, doc())).toBe(true);
    expect(kindOfExt(JSON.stringify({ placement: { kind: 'exam' } }))).toBe('exam');
    expect(kindOfExt('not json')).toBeUndefined();
  });

  it('exports the analysts’ files: layout, rules apart, cases', () => {
    const files = exportFiles(doc(), { formCode: 'demo', cases: [] });
    expect(files.map((f) => f.path)).toEqual(['schemas/demo.json', 'rules/demo.rules.json', 'rules/demo.cases.json']);
    const schema = JSON.parse(files[0]!.text) as FormDocument;
    expect(schema.fields.some((f) => f.reckons)).toBe(false);
    expect(JSON.parse(files[1]!.text)).toEqual({
      $schema: '../src/engine/document/rules-file.schema.json',
      formCode: 'demo',
      rules: [{ id: 'y.calc', kind: 'calc', field: 'y', tcontent: 'x + 1' }],
    });
    expect(exportFiles(emptyDocument('n', '新', '基本信息')).map((f) => f.name)).toEqual(['n.json']);
  });

  it('places a compile message on the characters it is about', () => {
    expect(placeOf('calcBmi(weigth, height)', '未知的字段: weigth')).toEqual({ from: 8, to: 14 });
    expect(placeOf('x > (2', '表达式语法错误: parse error [1:7]: Expected )')).toEqual({ from: 5, to: 6 });
    expect(placeOf('x + 1', '表达式结果是 number, 需要 boolean')).toEqual({ from: 0, to: 5 });
    const d = doc();
    expect(expressionDiagnostics(d, 1, 0, 'tcontent', 'xx + 1')).toEqual([
      { from: 0, to: 2, severity: 'error', message: '未知的字段: xx' },
    ]);
    expect(expressionDiagnostics(d, 1, 0, 'tcontent', 'x + 1')).toEqual([]);
  });

  it('knows a string literal and the field it is compared with', () => {
    expect(insideString('outcome == "')).toBe(true);
    expect(insideString('outcome == "3" and ')).toBe(false);
    expect(comparedField('outcome == "3')).toBe('outcome');
    expect(comparedField('contains(topics, "')).toBe('topics');
  });

  it('runs cases and builds one from what the preview shows', () => {
    const d = doc();
    const compiled = compileDocument(d).form!;
    const ev = evaluate(compiled, { x: 2 }, { now });
    const c = caseFromPreview('二', { x: 2, z: '' }, ev, ['y']);
    expect(c).toEqual({ name: '二', given: { x: 2 }, expect: { values: { y: 3 }, messages: [], progress: 100 } });
    const run = runCases(d, { formCode: 'demo', cases: [c, { ...c, name: '错', expect: { values: { y: 4 } } }] });
    expect(run.ok && run.results.map((r) => r.failures.length)).toEqual([0, 1]);
    expect(parseCases('{ "formCode": "other", "cases": [] }', 'demo')).toEqual({
      ok: false,
      problems: ['用例文件的 formCode 是 other, 当前表单是 demo'],
    });
    const bad = parseCases('{\n  "formCode": "demo",\n  "cases": [ { "given": {} } ]\n}', 'demo');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems[0]).toMatch(/^第3行 .*name/);
  });
});
