import { describe, expect, it } from 'vitest';
import { buildCodemaps } from '../codemaps/codemaps';
import { compileDocument, compileDocumentOrThrow } from '../compile/compile';
import { createSession, evaluate } from '../runtime/evaluate';
import type { DictOption, EvalContext, FieldDef, FormDocument } from '../types';
import { validateForSubmit } from '../validation/submit';
import { validateDocument } from './validate-document';
import { dictionaryText, formDictionaryLookup, formOptionList, optionListProblems, usesFormOptions } from './option-lists';

const visitPlace = {
  name: '随访地点',
  items: [
    { value: '1', label: '门诊' },
    { value: '2', label: '家中' },
    { value: '3', label: '电话' },
  ],
};

const doc = (extra: Partial<FormDocument> = {}): FormDocument => ({
  formCode: 'localoptions',
  formName: '自带选项的表',
  version: 1,
  options: { visitPlace },
  fields: [
    { fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, required: 1, bizCode: 'visitPlace' },
    { fieldProp: 'places', fieldLabel: '去过的地点', fieldType: 7, bizCode: 'visitPlace' },
    { fieldProp: 'method', fieldLabel: '随访方式', fieldType: 1, bizCode: 'fu_method' },
  ],
  ...extra,
});

/** A context whose own dictionary also defines visitPlace, differently: the form's list must win. */
const serverDicts: Record<string, DictOption[]> = {
  visitPlace: [{ value: '9', label: '服务器的地点' }],
  fu_method: [
    { value: '1', label: '门诊' },
    { value: '2', label: '家庭' },
  ],
};
const ctx = (): EvalContext => ({ now: new Date('2024-06-15T10:00:00'), lookupDictionary: (code) => serverDicts[code] });
const field = (d: FormDocument, prop: string): FieldDef => d.fields.find((f) => f.fieldProp === prop) as FieldDef;

describe('option lists a form carries itself', () => {
  it('is a valid document that compiles without a word', () => {
    expect(validateDocument(doc()).issues).toEqual([]);
    expect(compileDocument(doc()).errors).toEqual([]);
  });

  it('accepts "1", refuses "9" with the spec’s message, and the local list wins over the context’s dictionary of the same code', () => {
    const form = compileDocumentOrThrow(doc());
    const ok = validateForSubmit(form, { place: '1' }, ctx());
    expect(ok.stage).toBe('ok');
    expect(ok.fieldErrors).toEqual({});

    const refused = validateForSubmit(form, { place: '9' }, ctx());
    expect(refused.stage).toBe('fields');
    expect(refused.fieldErrors).toEqual({ place: '随访地点数值异常' });
    expect(refused.message).toBe('随访地点数值异常');

    const ev = evaluate(form, { place: '1' }, ctx());
    expect(ev.fields.place?.options).toEqual(visitPlace.items);
    // A multi-choice field of the same list, and a field of another code still asking the context.
    expect(validateForSubmit(form, { place: '1', places: ['2', '3'] }, ctx()).stage).toBe('ok');
    expect(validateForSubmit(form, { place: '1', places: ['2', '9'] }, ctx()).fieldErrors).toEqual({ places: '去过的地点数值异常' });
    expect(ev.fields.method?.options).toEqual(serverDicts.fu_method);
  });

  it('applies the list without any lookup in the context, and in an incremental session', () => {
    const form = compileDocumentOrThrow(doc());
    const bare: EvalContext = { now: new Date('2024-06-15T10:00:00') };
    expect(validateForSubmit(form, { place: '9' }, bare).fieldErrors).toEqual({ place: '随访地点数值异常' });
    const session = createSession(form, {}, bare);
    expect(session.state('place')?.options).toEqual(visitPlace.items);
    session.set('place', '4');
    expect(session.validate().fieldErrors.place).toBe('随访地点数值异常');
    session.setContext(ctx());
    expect(session.state('place')?.options).toEqual(visitPlace.items);
  });

  it('filters the local list with an options rule like any dictionary', () => {
    const form = compileDocumentOrThrow(
      doc({
        fields: [
          { fieldProp: 'phoneOnly', fieldLabel: '仅电话', fieldType: 2, bizCode: 'visitPlace', default: '1' },
          {
            fieldProp: 'place',
            fieldLabel: '随访地点',
            fieldType: 2,
            bizCode: 'visitPlace',
            reckons: [{ id: 'place.opts', kind: 'options', scontent: 'phoneOnly == "1"', tcontent: 'codes("3")' }],
          },
        ],
      }),
    );
    const ev = evaluate(form, { phoneOnly: '1' }, ctx());
    expect(ev.fields.place?.options).toEqual([{ value: '3', label: '电话' }]);
    expect(validateForSubmit(form, { phoneOnly: '1', place: '1' }, ctx()).fieldErrors).toEqual({ place: '随访地点数值异常' });
  });

  it('keeps one order for every host: the form’s list, then the host’s dictionaries, then the code maps', () => {
    const maps = buildCodemaps({
      'x.json': {
        title: 't',
        source: 's',
        maps: {
          visitPlace: { name: 'm', items: [{ value: '7', label: '代码表' }] },
          only_map: { name: 'm', items: [{ value: 'a', label: 'A' }] },
        },
      },
    });
    const lookup = formDictionaryLookup(doc(), (code) => serverDicts[code], maps);
    const place = field(doc(), 'place');
    expect(lookup('visitPlace', place)).toEqual(visitPlace.items);
    expect(lookup('fu_method', field(doc(), 'method'))).toEqual(serverDicts.fu_method);
    expect(lookup('only_map', { ...place, bizCode: 'only_map' })).toEqual([{ value: 'a', label: 'A' }]);
    // A fieldUrl never reaches a local list, even one spelled like it.
    expect(lookup('visitPlace', { ...place, bizCode: undefined, fieldUrl: 'visitPlace' })).toEqual(serverDicts.visitPlace);
    // Without lists the host's lookup is used as it is.
    expect(formDictionaryLookup(undefined, (code) => serverDicts[code])('visitPlace', place)).toEqual(serverDicts.visitPlace);
    expect(formDictionaryLookup({ options: {} })('x', place)).toBeUndefined();
  });

  it('tells hosts which fields need no dictionary of theirs, and what a reader sees', () => {
    const d = doc();
    expect(d.fields.map((f) => usesFormOptions(d, f))).toEqual([true, true, false]);
    expect(usesFormOptions(d, { fieldProp: 'x', fieldLabel: 'x', fieldType: 3, bizCode: 'visitPlace' })).toBe(false);
    expect(formOptionList(d, 'constructor')).toBeUndefined();
    const lookup = formDictionaryLookup(d);
    expect(dictionaryText(field(d, 'places'), ['1', '3'], lookup)).toBe('门诊，电话');
    expect(dictionaryText(field(d, 'place'), '8', lookup)).toBe('8');
    expect(dictionaryText(field(d, 'places'), '2,3', lookup)).toBe('家中，电话');
    expect(dictionaryText({ fieldProp: 'n', fieldLabel: 'n', fieldType: 4 }, 3, lookup)).toBeUndefined();
  });

  it('compiles: a value twice and a default outside the list are errors, an unused list a warning', () => {
    const bad = doc({
      options: {
        visitPlace: {
          name: '地点',
          items: [
            { value: '1', label: 'a' },
            { value: '1', label: 'b' },
          ],
        },
        spare: { name: '闲置', items: [{ value: '1', label: 'x' }] },
      },
      fields: [{ fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, bizCode: 'visitPlace', default: '5' }],
    });
    expect(optionListProblems(bad)).toEqual([
      { severity: 'error', message: '选项列表 visitPlace 的值 1 重复' },
      { severity: 'warning', message: '选项列表 spare 没有字典字段使用 (字段的 bizCode 写列表名)' },
      { severity: 'error', field: 'place', message: '默认值 5 不在选项列表 visitPlace 中' },
    ]);
    const r = compileDocument(bad);
    expect(r.form).toBeUndefined();
    expect(r.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['选项列表 visitPlace 的值 1 重复', '默认值 5 不在选项列表 visitPlace 中']),
    );
  });

  it('still warns about a dictionary field with no source at all, and not about one naming a local list', () => {
    const r = compileDocument(
      doc({
        fields: [
          { fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, bizCode: 'visitPlace' },
          { fieldProp: 'none', fieldLabel: '无源', fieldType: 1 },
        ],
      }),
    );
    expect(r.errors).toEqual([expect.objectContaining({ severity: 'warning', field: 'none' })]);
  });
});
