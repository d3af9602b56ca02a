import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../../scripts/forms/check-forms';
import { tempProjects } from '../../../scripts/forms/temp-project';

const project = tempProjects('crud-check-');

const dialogForm = {
  formCode: 'adminpost',
  formName: '岗位',
  version: 1,
  placement: { kind: 'dialog' },
  fields: [{ fieldProp: 'postName', fieldLabel: '岗位名称', fieldType: 3 }],
};
const post = {
  name: 'post',
  route: '/system/post/index',
  menuCode: 'post',
  title: { zh: '岗位管理', en: 'Posts' },
  api: { list: '/api/blade-system/post/list', submit: '/api/blade-system/post/submit' },
  formCode: 'adminpost',
  columns: [{ prop: 'postName', label: '岗位名称', search: { ways: 0 }, form: { span: 12 } }],
};
const crudErrors = (files: Record<string, unknown>) =>
  checkForms(project({ 'schemas/adminpost.json': dialogForm, ...files })).problems.filter((p) => p.file.startsWith('schemas/crud/'));

describe('forms:check on CRUD documents (schemas/crud/*.crud.json)', () => {
  it('passes every document the app ships', () => {
    const root = path.resolve(__dirname, '../../..');
    expect(checkForms(root).problems.filter((p) => p.file.startsWith('schemas/crud/'))).toEqual([]);
  });

  it('accepts a valid document', () => {
    expect(crudErrors({ 'schemas/crud/post.crud.json': post })).toEqual([]);
  });

  it('names the file and the property of a broken document, in Chinese', () => {
    const broken = { ...post, title: { zh: '岗位管理' }, columns: [{ prop: 'postName', label: '岗位名称', search: { ways: 12 } }] };
    const problems = crudErrors({ 'schemas/crud/post.crud.json': broken });
    expect(problems.map((p) => p.file)).toEqual(['schemas/crud/post.crud.json', 'schemas/crud/post.crud.json']);
    expect(problems.map((p) => p.text)).toEqual(['/title: 缺少必填属性 en', '/columns/0/search/ways: 必须是 0…9 之一']);
  });

  it('refuses a key given twice, with its place, instead of keeping the later value', () => {
    const text = JSON.stringify(post, null, 2).replace('"menuCode": "post",', '"menuCode": "post",\n  "route": "/system/post/other",');
    const problems = crudErrors({ 'schemas/crud/post.crud.json': text });
    expect(problems.map((p) => p.text)).toEqual(['不是有效的 JSON: 5:3 属性 "route" 重复']);
  });

  it('names an action of an unknown kind and a missing property of a known one', () => {
    const broken = {
      ...post,
      rowActions: [
        { kind: 'explode', code: 'x' },
        { kind: 'confirm-post', code: 'reset', label: '重置密码', url: '/api/blade-user/reset-password', param: 'userIds' },
      ],
    };
    const texts = crudErrors({ 'schemas/crud/post.crud.json': broken }).map((p) => p.text);
    expect(texts).toContain('/rowActions/0/kind: 必须是 "confirm-post"、"form-post"、"grant-tree"、"add-child"、"open-pdf" 之一');
    expect(texts).toContain('/rowActions/1: 缺少必填属性 confirm');
  });

  it('refuses a dialog that is not a dialog form document, a column outside it, a file named otherwise and a route twice', () => {
    const texts = crudErrors({
      'schemas/crud/post.crud.json': { ...post, formCode: 'nosuchform' },
      'schemas/crud/post2.crud.json': { ...post, menuCode: 'post2', columns: [{ prop: 'remark', label: '备注', form: {} }] },
      'schemas/crud/notes.txt': 'x',
    }).map((p) => `${p.file} ${p.text}`);
    expect(texts).toEqual([
      'schemas/crud/notes.txt schemas/crud/ 只放 <name>.crud.json',
      'schemas/crud/post.crud.json /formCode: 没有表单 schemas/nosuchform.json',
      'schemas/crud/post2.crud.json /name: "post" 与文件名不符 (应为 "post2")',
      'schemas/crud/post2.crud.json /route: /system/post/index 已由 schemas/crud/post.crud.json 描述',
      'schemas/crud/post2.crud.json /columns/0/form: remark 不是 schemas/adminpost.json 的字段',
    ]);
  });

  it('keeps a viewer read-only: no dialog, no submit, no permissions', () => {
    const viewer = { ...post, readOnly: true };
    expect(crudErrors({ 'schemas/crud/post.crud.json': viewer }).map((p) => p.text)).toEqual([
      '/readOnly: 只读页面不能有 formCode、api.submit、api.remove 或 permissions',
    ]);
  });
});
