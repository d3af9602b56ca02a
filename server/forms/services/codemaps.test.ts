// codemaps/ is read as a folder: a file dropped into it is used at the next start with no code
// change. The loader takes the folder as a parameter, so this test works on a copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileDocumentOrThrow, validateForSubmit, type FormDocument } from '../../../src/engine';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { codemapsDir, readCodemapFolder, SERVER_CODEMAPS } from './codemaps';
import { dictionaryLookup } from './record-dictionaries';

const projectDir = path.resolve('codemaps');
const projectFiles = fs.readdirSync(projectDir).filter((n) => n.endsWith('.json') && n !== 'codemap.schema.json');

/** A map no file of the project has, in a file of a name no code knows. */
const added = {
  title: '本院自定代码表',
  source: '测试',
  maps: {
    clinic_room: {
      name: '诊室',
      items: [
        { value: 'A1', label: '一诊室' },
        { value: 'B2', label: '二诊室' },
      ],
    },
  },
};

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-codemaps-'));
  for (const name of [...projectFiles, 'codemap.schema.json']) fs.copyFileSync(path.join(projectDir, name), path.join(dir, name));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the server reads codemaps/ as a folder', () => {
  it('reads the project’s folder at start: every file, no problems', () => {
    expect(codemapsDir('/srv/forms')).toBe(path.join('/srv/forms', 'codemaps'));
    expect(Object.keys(SERVER_CODEMAPS.files)).toEqual([...projectFiles].sort());
    expect(SERVER_CODEMAPS.problems).toEqual([]);
    expect(SERVER_CODEMAPS.codeLabel('fu_method', '2')).toBe('家庭');
  });

  it('picks up a file added to the folder, with no code change', () => {
    expect(readCodemapFolder(dir).codemap('clinic_room')).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'zz-clinic.json'), JSON.stringify(added));
    const maps = readCodemapFolder(dir);
    expect(Object.keys(maps.files)).toContain('zz-clinic.json');
    expect(maps.codemapOptions('clinic_room')).toEqual([
      { value: 'A1', label: '一诊室' },
      { value: 'B2', label: '二诊室' },
    ]);
    expect(maps.codeLabel('clinic_room', 'B2')).toBe('二诊室');
    expect(maps.codeLabel('fu_method', '2')).toBe('家庭');
    expect(maps.problems).toEqual([]);
  });

  it('validates records against the added map through the same lookup as a submit', async () => {
    const t: TestApp = await createTestApp();
    try {
      const doc: FormDocument = {
        formCode: 'roomtest',
        formName: '诊室登记',
        version: 1,
        fields: [{ fieldProp: 'room', fieldLabel: '诊室', fieldType: 1, bizCode: 'clinic_room' }],
      };
      const form = compileDocumentOrThrow(doc);
      const lookup = await dictionaryLookup(t.deps.db, '100001', doc, undefined, readCodemapFolder(dir));
      const now = new Date('2024-06-15T10:00:00');
      expect(validateForSubmit(form, { room: 'A1' }, { now, lookupDictionary: lookup }).stage).toBe('ok');
      expect(validateForSubmit(form, { room: 'C3' }, { now, lookupDictionary: lookup }).fieldErrors).toEqual({ room: '诊室数值异常' });
    } finally {
      await t.close();
    }
  });

  it('leaves out a broken file and a code defined twice, and says which', () => {
    fs.writeFileSync(path.join(dir, 'zz-broken.json'), '{ not json');
    fs.writeFileSync(
      path.join(dir, 'zz-invalid.json'),
      JSON.stringify({ title: 'x', source: 'y', maps: { BadName: { name: 'n', items: [] } } }),
    );
    fs.writeFileSync(
      path.join(dir, 'zz-twice.json'),
      JSON.stringify({ title: 'x', source: 'y', maps: { fu_method: { name: '又一个', items: [{ value: '9', label: '别的' }] } } }),
    );
    const maps = readCodemapFolder(dir);
    expect(maps.problems.map((p) => p.file)).toEqual(['zz-broken.json', 'zz-invalid.json', 'zz-twice.json']);
    expect(maps.codeLabel('fu_method', '2')).toBe('家庭');
    expect(maps.codeLabel('clinic_room', 'A1')).toBe('一诊室');
  });

  it('gives no maps for a folder that is not there, and says so', () => {
    const maps = readCodemapFolder(path.join(dir, 'missing'));
    expect(maps.maps).toEqual({});
    expect(maps.problems).toEqual([{ file: '', message: '代码表文件夹不存在' }]);
  });
});
