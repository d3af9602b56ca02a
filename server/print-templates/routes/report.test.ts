// 打印模板 (report/*): the seeded folders and templates as a list, a tree and one level at a time; a
// template saved as a JSON recipe (checked: its content, params, code unique, the version read) and
// printed at once by getPrintFile in place of the built-in one; removal all or none, a folder with
// templates kept; the templates a print screen offers; the fields a template may print. Only the
// institution's administrator keeps templates; another tenant's rows do not exist.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../src/engine';
import { REPORT_CONTENT_TEXT_MAX, REPORT_PARAMS_TEXT_MAX } from '../../../src/shared/contract/print-templates';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { pdfText } from '../../test-support/pdf-text';
import { demoArchiveIds } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const R = '/api/blade-iph-business/report';

const recipe = (title: string) => ({
  title,
  blocks: [
    { kind: 'title', text: title },
    { kind: 'line', text: '居民：{{archive.personName}}', right: '{{printYear}}年' },
    { kind: 'table', pairs: 1, headingWidth: 0, sections: [{ rows: [[{ label: '责任医生', value: '{{archive.doctorName}}' }]] }] },
  ],
});

describe('打印模板 (report/*)', () => {
  it('lists the seeded folders and templates as a page, a tree and one level', async () => {
    // The tree is the folders (what a template's folder is chosen from); the templates are in the lists.
    const tree = await c.admin.get(`${R}/tree`);
    expect(tree.body.success).toBe(true);
    const folders = tree.body.data as { title: string; category: number; children: unknown[] }[];
    expect(folders.map((f) => [f.title, f.category, f.children.length])).toEqual([
      ['居民健康档案', 1, 0],
      ['随访记录', 1, 0],
      ['检查检验报告', 1, 0],
    ]);

    const top = await c.admin.get(`${R}/lazy-list`);
    expect(top.body.data.map((r: { name: string; hasChildren: boolean }) => [r.name, r.hasChildren])).toEqual([
      ['居民健康档案', true],
      ['随访记录', true],
      ['检查检验报告', true],
    ]);
    const inside = await c.admin.get(`${R}/lazy-list?parentId=${top.body.data[0].id}`);
    expect(inside.body.data.map((r: { code: string }) => r.code)).toEqual(['archivecard', 'healtharchiveprint']);
    const followups = await c.admin.get(`${R}/lazy-list?parentId=${top.body.data[1].id}`);
    expect(followups.body.data.map((r: { code: string }) => r.code)).toContain('hypertensionfollowup');
    const measures = await c.admin.get(`${R}/lazy-list?parentId=${top.body.data[2].id}`);
    expect(measures.body.data.map((r: { code: string }) => r.code)).toEqual(['measurereport']);

    const page = await c.admin.get(`${R}/list?current=1&size=5&name_like=${encodeURIComponent('高血压')}`);
    expect(page.body.data).toMatchObject({ current: 1, size: 5 });
    expect(page.body.data.records.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['hypertensionfollowup', 'hypertensionhighriskfollowup']),
    );
    const detail = await c.admin.get(`${R}/detail?id=${inside.body.data[1].id}`);
    expect(detail.body.data).toMatchObject({ origin: 'archive', code: 'healtharchiveprint', category: 2 });
    expect(detail.body.data.content.blocks.at(-1)).toEqual({ kind: 'records' });
    expect(detail.body.data.paramSchema.map((p: { name: string }) => p.name)).toEqual(['archId', 'printYear']);

    // Another institution has its own rows; these are absent there. A doctor does not keep templates.
    expect((await c.otherAdmin.get(`${R}/detail?id=${inside.body.data[1].id}`)).status).toBe(404);
    expect((await c.doctor.get(`${R}/tree`)).status).toBe(403);
  });

  it('saves a template as a recipe (JSON text or object) that getPrintFile prints, and changes it at the version read', async () => {
    const folder = await c.admin.post(`${R}/submit`, { category: 1, name: '自定义', parentId: null });
    expect(folder.body.success, JSON.stringify(folder.body)).toBe(true);
    expect((await c.admin.get(`${R}/tree`)).body.data.map((f: { title: string }) => f.title)).toContain('自定义');
    const saved = await c.admin.post(`${R}/submit`, {
      parentId: folder.body.data.id,
      origin: 'archive',
      code: 'mycard',
      name: '简易档案卡',
      paramSchema: JSON.stringify([{ name: 'archId', label: '档案', kind: 'archId', required: true }]),
      content: JSON.stringify(recipe('简易档案卡')),
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.data).toMatchObject({ code: 'mycard', rowVersion: 1, parentId: folder.body.data.id });

    const [archId] = await demoArchiveIds(c.app().deps.db);
    const print = async (code: string) => {
      const res = await c.app().app.inject({
        method: 'POST',
        url: '/api/getPrintFile',
        headers: { 'blade-auth': `bearer ${c.doctor.token}` },
        payload: [{ origin: 'archive', code, param: { archId } }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    const text = await print('mycard');
    expect(text).toContain('简易档案卡');
    expect(text).toContain(`${new Date().getFullYear()}年`);
    expect(text).toContain('责任医生');

    const codes = await c.doctor.get(`${R}/list-codes?origin=archive`);
    expect(codes.body.data.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['archivecard', 'healtharchiveprint', 'mycard']),
    );

    // The dialog's way: the edited JSON text wins over the recipe object the row came with.
    const body = { ...saved.body.data, contentText: JSON.stringify(recipe('简易档案卡（新）')) };
    expect((await c.admin.post(`${R}/submit`, { ...body, rowVersion: undefined })).status).toBe(428);
    const changed = await c.admin.post(`${R}/submit`, body);
    expect(changed.body.data.rowVersion).toBe(2);
    expect(await print('mycard')).toContain('简易档案卡（新）');
    const stale = await c.admin.post(`${R}/submit`, body);
    expect(stale.status).toBe(409);
    // A change without content (the dialog leaves out a recipe too long for its text box) keeps the recipe.
    const renamed = await c.admin.post(`${R}/submit`, {
      id: body.id,
      rowVersion: 2,
      origin: 'archive',
      code: 'mycard',
      name: '简易档案卡2',
    });
    expect(renamed.body.data).toMatchObject({ name: '简易档案卡2', rowVersion: 3 });
    expect(await print('mycard')).toContain('简易档案卡（新）');
    // A built-in recipe longer than an ordinary text area (2,000) comes whole in the dialog's text
    // and a word changed there is saved; a text beyond the dialog's limit is refused, nothing changed.
    const long = (await c.admin.get(`${R}/list?code_like=healtharchiveprint`)).body.data.records[0];
    expect(long.content.blocks.length).toBeGreaterThan(5);
    expect(long.contentText.length).toBeGreaterThan(2000);
    expect(JSON.parse(long.contentText)).toEqual(long.content);
    const edited = long.contentText.replace('居民健康档案', '居民健康档案（本院）');
    expect(edited).not.toBe(long.contentText);
    const savedLong = await c.admin.post(`${R}/submit`, { ...long, content: undefined, contentText: edited });
    expect(savedLong.status, JSON.stringify(savedLong.body)).toBe(200);
    const reread = (await c.admin.get(`${R}/detail?id=${long.id}`)).body.data;
    expect(reread.contentText).toContain('居民健康档案（本院）');
    const tooLong = await c.admin.post(`${R}/submit`, {
      ...reread,
      content: undefined,
      contentText: 'x'.repeat(REPORT_CONTENT_TEXT_MAX + 1),
    });
    expect(tooLong.status).toBe(400);
    expect((await c.admin.get(`${R}/detail?id=${long.id}`)).body.data.rowVersion).toBe(reread.rowVersion);

    // The tenant's own archivecard replaces the built-in one.
    const builtIn = (await c.admin.get(`${R}/list?code_like=archivecard`)).body.data.records[0];
    await c.admin.post(`${R}/submit`, { ...builtIn, contentText: undefined, content: recipe('本院档案卡') });
    expect(await print('archivecard')).toContain('本院档案卡');
  });

  it('refuses bad templates clearly and changes nothing', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await c.admin.post(`${R}/submit`, { origin: 'archive', code: 'badone', name: '坏模板', content: recipe('x'), ...body });
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      return r.body.msg as string;
    };
    expect(await bad({ name: ' ' })).toBe('模板名称不能为空');
    expect(await bad({ origin: 'nowhere' })).toBe('请选择模板来源（archive 档案、followup 随访记录 或 measure 检查检验报告）');
    expect(await bad({ code: '1abc' })).toBe('模板编码须以字母开头，只含字母、数字、下划线和中划线，至多60个字符');
    expect(await bad({ content: '{"title":' })).toBe('模板内容不是有效的 JSON');
    expect(await bad({ content: { title: 'x', blocks: [{ kind: 'chart' }] } })).toMatch(/^模板内容格式不正确：/);
    expect(await bad({ content: { title: 'x', blocks: [] } })).toMatch(/^模板内容格式不正确：/);
    expect(await bad({ paramSchema: [{ name: 'archId', label: '档案', kind: 'uuid', required: true }] })).toMatch(/^参数配置格式不正确：/);
    expect(await bad({ formCodes: 'ok,不行' })).toBe('表单编码格式不正确：不行');
    expect(await bad({ parentId: '123' })).toBe('上级目录不存在：123');
    expect(await bad({ code: 'healtharchiveprint' })).toBe('模板编码已存在：archive/healtharchiveprint');
    expect((await c.admin.get(`${R}/list?code_like=badone`)).body.data.total).toBe(0);
    expect((await c.doctor.post(`${R}/submit`, { name: 'x', category: 1 })).status).toBe(403);
  });

  it('removes all of the ids or none, and keeps a folder with templates in it', async () => {
    const folder = (await c.admin.post(`${R}/submit`, { category: 1, name: '待删除' })).body.data;
    const t = (
      await c.admin.post(`${R}/submit`, { parentId: folder.id, origin: 'followup', code: 'gone', name: '将删除', content: recipe('y') })
    ).body.data;
    const kept = await c.admin.post(`${R}/remove?ids=${folder.id}`);
    expect(kept.status).toBe(400);
    expect(kept.body.msg).toBe('目录下还有模板，请先删除或移走其中的模板');
    expect((await c.admin.post(`${R}/remove?ids=${t.id},999999`)).status).toBe(404);
    expect((await c.admin.get(`${R}/detail?id=${t.id}`)).status).toBe(200);
    const removed = await c.admin.post(`${R}/remove`, { ids: `${folder.id},${t.id}` });
    expect(removed.body).toMatchObject({ success: true, data: true });
    expect((await c.admin.get(`${R}/detail?id=${t.id}`)).status).toBe(404);
    expect((await c.admin.post(`${R}/remove?ids=abc`)).body.msg).toBe('参数[ids]格式不正确');
    expect((await c.otherAdmin.post(`${R}/remove?ids=${folder.id}`)).status).toBe(404);
  });

  it('answers the fields a template may print: the archive’s, and a form’s own', async () => {
    const plain = await c.admin.get(`${R}/pdf/fields`);
    expect(plain.body.data).toEqual(expect.arrayContaining([{ placeholder: '{{archive.personName}}', label: '姓名', group: '档案' }]));
    const form = await c.admin.get(`${R}/pdf/fields?formCode=hypertensionfollowup`);
    const placeholders = form.body.data.map((f: { placeholder: string }) => f.placeholder);
    expect(placeholders).toEqual(expect.arrayContaining(['{{printYear}}', '{{record.sbp}}', '{{record.visitMethod}}']));
    expect(form.body.data.find((f: { placeholder: string }) => f.placeholder === '{{record.sbp}}').group).toBe('高血压患者随访服务记录表');
    const missing = await c.admin.get(`${R}/pdf/fields?formCode=nosuchform`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('表单不存在：nosuchform');
    expect((await c.admin.get(`${R}/pdf/fields?formCode=${encodeURIComponent('1;drop')}`)).status).toBe(400);
  });

  it("the dialog's boxes take what submit takes", () => {
    const doc = JSON.parse(readFileSync(new URL('../../../schemas/adminreport.json', import.meta.url), 'utf8')) as FormDocument;
    const field = (prop: string) => doc.fields.find((f) => f.fieldProp === prop);
    expect(field('contentText')?.maxLength).toBe(REPORT_CONTENT_TEXT_MAX);
    expect(field('paramSchemaText')?.maxLength).toBe(REPORT_PARAMS_TEXT_MAX);
  });
});
