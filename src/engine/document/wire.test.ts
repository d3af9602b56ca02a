import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDef, FormDocument, Reckon, RuleKind, SectionDef } from '../types';
import { validateDocument } from './validate-document';
import { documentToWireRows, wireRowsToDocument, type WireRows } from './wire';

// Valid documents, as the meta-schema defines them (form-document.schema.json): every optional
// property of a field, a section and a reckon appears in some runs and is absent in others.
// Objects get Object's prototype (noNullPrototype), as documents parsed from JSON have.

const KINDS: RuleKind[] = ['calc', 'check', 'error', 'required', 'display', 'disabled', 'options'];

/** Any text: Chinese, ASCII, blanks, and (unit 'binary') lone surrogates, which JSON must carry too. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('', ' ', '收缩压', '{label}不能为空', '请选择', 'a"b\\c\n', '𠮷野家', 'hasValue(x) and x > 1'),
);
/** The schema's "\S" pattern (ajv compiles it with the u flag). */
const nonBlank = text.filter((s) => /\S/u.test(s));
/**
 * Finite numbers. -0 is left out on purpose: JSON cannot write it (JSON.stringify(-0) is "0"), so no
 * document file or JSON column can hold it either, and 0 means the same wherever a number is used.
 */
const num = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => (Object.is(n, -0) ? 0 : n));

const reckonArb: fc.Arbitrary<Reckon> = fc.record(
  {
    id: fc.stringMatching(/^[A-Za-z0-9_.:-]{1,16}$/),
    kind: fc.constantFrom(...KINDS),
    scontent: text,
    tcontent: text,
    errMsg: text,
    note: text,
  },
  { requiredKeys: ['id'], noNullPrototype: true },
);

const sectionArb: fc.Arbitrary<SectionDef> = fc.record(
  {
    id: nonBlank,
    title: text,
    columns: fc.integer({ min: 1, max: 24 }),
    groups: fc.array(fc.record({ id: nonBlank, title: text }, { noNullPrototype: true }), { maxLength: 3 }),
  },
  { requiredKeys: ['id', 'title'], noNullPrototype: true },
);

const fieldArb = (sections: SectionDef[]): fc.Arbitrary<FieldDef> => {
  const sectionIds = sections.map((s) => s.id);
  const groupIds = sections.flatMap((s) => (s.groups ?? []).map((g) => g.id));
  // Mostly ids that exist, sometimes any text (the meta-schema does not tie them together).
  const ref = (ids: string[]): fc.Arbitrary<string> => (ids.length ? fc.oneof(fc.constantFrom(...ids), text) : text);
  return fc.record(
    {
      fieldProp: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/),
      fieldLabel: nonBlank,
      fieldType: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8),
      required: fc.constantFrom(0, 1),
      bizCode: text,
      fieldUrl: text,
      regExp: text,
      reckons: fc.array(reckonArb, { maxLength: 4 }),
      section: ref(sectionIds),
      group: ref(groupIds),
      span: fc.integer({ min: 1, max: 24 }),
      unit: text,
      min: num,
      max: num,
      precision: fc.integer({ min: 0, max: 6 }),
      default: fc.oneof(text, num, fc.array(text, { maxLength: 4 })),
      placeholder: text,
      help: text,
      printLabel: text,
      hidden: fc.boolean(),
      disabled: fc.boolean(),
      invalidMessage: text,
    },
    { requiredKeys: ['fieldProp', 'fieldLabel', 'fieldType'], noNullPrototype: true },
  );
};

/** The form's own option lists (document `options`): list names as the meta-schema allows them. */
const optionListsArb = fc.dictionary(
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/),
  fc.record(
    {
      name: nonBlank,
      items: fc.array(fc.record({ value: nonBlank, label: nonBlank }, { noNullPrototype: true }), { minLength: 1, maxLength: 4 }),
    },
    { noNullPrototype: true },
  ),
  { maxKeys: 3, noNullPrototype: true },
);

const documentArb: fc.Arbitrary<FormDocument> = fc.option(fc.array(sectionArb, { maxLength: 4 }), { nil: undefined }).chain((sections) =>
  fc.record(
    {
      $schema: fc.constantFrom('../src/engine/document/form-document.schema.json', ''),
      formCode: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,15}$/),
      formName: nonBlank,
      version: fc.integer({ min: 1, max: 1_000_000 }),
      description: text,
      source: text,
      sections: fc.constant(sections ?? []),
      options: optionListsArb,
      // fieldProp names a field: values, rules and the formfieldreckon rows are keyed by it.
      fields: fc.uniqueArray(fieldArb(sections ?? []), { selector: (f) => f.fieldProp, maxLength: 8 }),
    },
    {
      requiredKeys:
        sections === undefined ? ['formCode', 'formName', 'version', 'fields'] : ['formCode', 'formName', 'version', 'fields', 'sections'],
      noNullPrototype: true,
    },
  ),
);

/** What a database gives back: rows serialised as JSON, in no particular order. */
const asStored = (rows: WireRows, order: number[]): WireRows => {
  const copy = JSON.parse(JSON.stringify(rows)) as WireRows;
  const shuffle = <T>(xs: T[]): T[] =>
    xs
      .map((x, i) => [order[i % order.length] ?? 0, i, x] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map((t) => t[2]);
  return { form: copy.form, fields: shuffle(copy.fields), reckons: shuffle(copy.reckons) };
};

/** Each property takes under a second; room for a busy machine. */
const PROPERTY_TIMEOUT = 30_000;

const WIRE_FIELD_COLUMNS = ['fieldProp', 'fieldLabel', 'fieldType', 'required', 'bizCode', 'fieldUrl', 'regExp'];

describe('wire rows (002 §7: form, formfield, formfieldreckon)', () => {
  it(
    'property: generated documents are valid and survive documentToWireRows → wireRowsToDocument unchanged',
    () => {
      fc.assert(
        fc.property(documentArb, (doc) => {
          expect(validateDocument(doc).issues).toEqual([]);
          const before = structuredClone(doc);
          const back = wireRowsToDocument(documentToWireRows(doc));
          expect(back).toStrictEqual(doc);
          // The conversion reads the document and never changes it.
          expect(doc).toStrictEqual(before);
        }),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'property: the trip also survives JSON storage and rows read back in any order',
    () => {
      fc.assert(
        fc.property(documentArb, fc.array(fc.nat(1000), { minLength: 1, maxLength: 20 }), (doc, order) => {
          expect(wireRowsToDocument(asStored(documentToWireRows(doc), order))).toStrictEqual(doc);
        }),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "property: the spec's columns hold the spec's fields, and ext never repeats them",
    () => {
      fc.assert(
        fc.property(documentArb, (doc) => {
          const rows = documentToWireRows(doc);
          expect(rows.form).toMatchObject({
            formCode: doc.formCode,
            formName: doc.formName,
            version: doc.version,
            remark: doc.description ?? null,
          });
          expect(rows.fields.map((r) => r.fieldProp)).toEqual(doc.fields.map((f) => f.fieldProp));
          rows.fields.forEach((row, i) => {
            const f = doc.fields[i] as FieldDef;
            expect(row).toMatchObject({
              formCode: doc.formCode,
              fieldLabel: f.fieldLabel,
              fieldType: f.fieldType,
              required: f.required ?? null,
              bizCode: f.bizCode ?? null,
              fieldUrl: f.fieldUrl ?? null,
              regExp: f.regExp ?? null,
              sort: i,
            });
            const ext = row.ext === null ? {} : (JSON.parse(row.ext) as Record<string, unknown>);
            for (const k of WIRE_FIELD_COLUMNS) expect(ext).not.toHaveProperty(k);
          });
          const expected = doc.fields.flatMap((f) =>
            (f.reckons ?? []).map((r, j) => ({
              formCode: doc.formCode,
              fieldProp: f.fieldProp,
              reckonId: r.id,
              kind: r.kind ?? null,
              scontent: r.scontent ?? null,
              tcontent: r.tcontent ?? null,
              errMsg: r.errMsg ?? null,
              note: r.note ?? null,
              sort: j,
            })),
          );
          expect(rows.reckons).toStrictEqual(expected);
        }),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it('keeps an empty reckons list apart from an absent one, and a kind-less reckon kind-less', () => {
    const doc: FormDocument = {
      formCode: 'f',
      formName: '表',
      version: 1,
      fields: [
        { fieldProp: 'a', fieldLabel: 'A', fieldType: 3, reckons: [] },
        { fieldProp: 'b', fieldLabel: 'B', fieldType: 4, reckons: [{ id: 'b.calc', tcontent: 'a' }] },
        { fieldProp: 'c', fieldLabel: 'C', fieldType: 4 },
      ],
    };
    const rows = documentToWireRows(doc);
    expect(rows.reckons).toHaveLength(1);
    expect(rows.reckons[0]?.kind).toBeNull();
    const back = wireRowsToDocument(rows);
    expect(back.fields[0]).toStrictEqual({ fieldProp: 'a', fieldLabel: 'A', fieldType: 3, reckons: [] });
    expect(back.fields[1]?.reckons).toStrictEqual([{ id: 'b.calc', tcontent: 'a' }]);
    expect(back.fields[2]).not.toHaveProperty('reckons');
  });

  it('refuses two fields with the same fieldProp instead of mixing their reckons', () => {
    const doc: FormDocument = {
      formCode: 'f',
      formName: '表',
      version: 1,
      fields: [
        { fieldProp: 'a', fieldLabel: 'A1', fieldType: 3, reckons: [{ id: 'r1', kind: 'check', tcontent: 'len(a) > 3' }] },
        { fieldProp: 'a', fieldLabel: 'A2', fieldType: 3 },
      ],
    };
    // The meta-schema cannot say "unique by fieldProp" (the compiler reports 字段名重复).
    expect(validateDocument(doc).ok).toBe(true);
    expect(() => documentToWireRows(doc)).toThrow(/字段名重复: a/);
    const rows: WireRows = {
      form: { formCode: 'f', formName: '表', version: 1, remark: null, ext: null },
      fields: [
        {
          formCode: 'f',
          fieldProp: 'a',
          fieldLabel: 'A1',
          fieldType: 3,
          required: null,
          bizCode: null,
          fieldUrl: null,
          regExp: null,
          sort: 0,
          ext: null,
        },
        {
          formCode: 'f',
          fieldProp: 'a',
          fieldLabel: 'A2',
          fieldType: 3,
          required: null,
          bizCode: null,
          fieldUrl: null,
          regExp: null,
          sort: 1,
          ext: null,
        },
      ],
      reckons: [],
    };
    expect(() => wireRowsToDocument(rows)).toThrow(/字段名重复: a/);
  });

  it('carries the form’s own option lists in the form row’s ext, through JSON storage, unchanged', () => {
    const doc: FormDocument = {
      formCode: 'f',
      formName: '表',
      version: 1,
      source: '本院',
      options: {
        visitPlace: {
          name: '随访地点',
          items: [
            { value: '1', label: '门诊' },
            { value: '2', label: '家中' },
          ],
        },
        smoke_level: {
          name: '吸烟程度',
          items: [
            { value: '0', label: '不吸' },
            { value: '10', label: '"每天" 10 支以上' },
          ],
        },
      },
      fields: [{ fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, bizCode: 'visitPlace' }],
    };
    expect(validateDocument(doc).issues).toEqual([]);
    const rows = documentToWireRows(doc);
    expect(JSON.parse(rows.form.ext as string)).toEqual({ source: '本院', options: doc.options });
    expect(rows.fields[0]).toMatchObject({ bizCode: 'visitPlace', ext: null });
    const back = wireRowsToDocument(asStored(rows, [1]));
    expect(back).toStrictEqual(doc);
    expect(validateDocument(back).issues).toEqual([]);
  });

  it('refuses reckon rows of a field the form does not have', () => {
    const rows = documentToWireRows({
      formCode: 'f',
      formName: '表',
      version: 1,
      fields: [{ fieldProp: 'a', fieldLabel: 'A', fieldType: 3 }],
    });
    rows.reckons.push({
      formCode: 'f',
      fieldProp: 'gone',
      reckonId: 'r',
      kind: 'check',
      scontent: null,
      tcontent: 'true',
      errMsg: null,
      note: null,
      sort: 0,
    });
    expect(() => wireRowsToDocument(rows)).toThrow(/gone/);
  });
});
