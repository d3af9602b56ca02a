// A form that carries its own option lists (document `options`): built through the API like any
// administrator's form, published, and its records re-validated by the server against those lists
// — before any business dictionary of the same code, and without asking the database for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';
const FIELD = '/api/blade-iph-business/formfield';
const R = '/api/blade-iph-business/formrecord';

/** sex is also a business dictionary of the seed (1 男, 2 女): the form's own list must win. */
const placeForm = {
  formCode: 'visitplacetest',
  formName: '随访地点登记',
  version: 1,
  options: {
    visitPlace: {
      name: '随访地点',
      items: [
        { value: '1', label: '门诊' },
        { value: '2', label: '家中' },
        { value: '3', label: '电话' },
      ],
    },
    sex: {
      name: '本表的性别',
      items: [
        { value: 'M', label: '男' },
        { value: 'F', label: '女' },
      ],
    },
  },
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '登记日期', fieldType: 5, required: 1 },
    { fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, required: 1, bizCode: 'visitPlace' },
  ],
};

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let archId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, doctor] = await Promise.all([loginAs(t.app, 'admin'), loginAs(t.app, 'doctor')]);
  [archId] = (await demoArchiveIds(t.deps.db)) as [string];
});
afterAll(() => t.close());

describe('a form with its own option lists', () => {
  it('is created, gets a field on that list through formfield rows, and is published with its lists', async () => {
    const created = await admin.post(`${F}/submit`, { document: placeForm });
    expect(created.body).toMatchObject({ success: true, msg: '新增成功' });
    const formId = created.body.data.id as string;
    const field = await admin.post(`${FIELD}/submit`, { formId, fieldProp: 'gender', fieldLabel: '性别', fieldType: 1, bizCode: 'sex' });
    expect(field.body).toMatchObject({ success: true, msg: '新增成功' });
    expect((await doctor.get(`${F}/detail?id=${formId}`)).body.data.document.options).toEqual(placeForm.options);

    const published = await admin.post(`${F}/publish?id=${formId}`);
    expect(published.body).toMatchObject({ success: true, data: { formCode: 'visitplacetest', version: 1, created: true } });
    const version = (await doctor.get(`${F}/version?formCode=visitplacetest`)).body.data;
    expect(version.options).toEqual(placeForm.options);
    expect(version.fields.map((f: { fieldProp: string }) => f.fieldProp)).toEqual(['visitDate', 'place', 'gender']);
  });

  it('serves the lists as the columns’ options (list and export labels)', async () => {
    const columns = (await doctor.get(`${FIELD}/field-columns?formCode=visitplacetest`)).body.data;
    expect(columns.find((c: { prop: string }) => c.prop === 'place').dicData).toEqual(placeForm.options.visitPlace.items);
    expect(columns.find((c: { prop: string }) => c.prop === 'gender').dicData).toEqual(placeForm.options.sex.items);
  });

  it('saves a record with an allowed value and refuses a disallowed one, naming the field', async () => {
    const saved = await doctor.post(`${R}/submit`, {
      formCode: 'visitplacetest',
      archId,
      values: { visitDate: '2024-06-10', place: '2', gender: 'F' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'visitplacetest', formVersion: 1, values: { place: '2', gender: 'F' } },
    });

    const refused = await doctor.post(`${R}/submit`, {
      formCode: 'visitplacetest',
      archId,
      values: { visitDate: '2024-06-10', place: '9' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      msg: '随访地点数值异常',
      data: { stage: 'fields', field: 'place', fieldLabel: '随访地点' },
    });
  });

  it('puts the form’s list before the business dictionary of the same code', async () => {
    // '1' is 男 in the seeded dictionary sex, but not a code of this form's own sex list.
    const refused = await doctor.post(`${R}/submit`, {
      formCode: 'visitplacetest',
      archId,
      values: { visitDate: '2024-06-10', place: '1', gender: '1' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ msg: '性别数值异常', data: { stage: 'fields', field: 'gender', fieldLabel: '性别' } });
  });
});
