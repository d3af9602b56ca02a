// userfollowup/pdf-print: a hypertension follow-up printed as its paper form. The PDF's text (pdfjs)
// shows the resident, the form's title, dictionary labels instead of codes and the ID number masked
// for a doctor; the administrator (查看完整证件号) sees it whole and that read is audited. Another
// tenant's record is absent, a bad id is refused clearly, a role without 打印 is forbidden; the same
// record prints to the same bytes, and a one-page record stays under 300 KB.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { pdfText } from '../../test-support/pdf-text';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';
import { maskMiddle } from '../../platform/services/masking';

const c = careTeamCallers();
const F = '/api/blade-iph-business/userfollowup';

async function followUp(caller: Caller, archId: string): Promise<string> {
  const saved = await caller.post(`${F}/high-blood-pressure-follow-up`, {
    archId,
    values: goodHypertensionValues({ visitMethod: '2', symptomOther: '偶有头晕，晨起明显' }),
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return saved.body.data.followId as string;
}

async function print(caller: Caller, query: string, body?: unknown) {
  const res = await c.app().app.inject({
    method: 'POST',
    url: `${F}/pdf-print${query}`,
    headers: { 'blade-auth': `bearer ${caller.token}` },
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, json: () => res.json() };
}

async function resident(archId: string) {
  const { rows } = await sql<{ person_name: string; id_card: string; archives_no: string }>`
    select person_name, id_card, archives_no from user_archive where id = ${archId}`.execute(c.app().deps.db);
  return rows[0]!;
}

describe('printing a follow-up record (userfollowup/pdf-print)', () => {
  it('answers the paper form as a PDF: the resident, the title, labels not codes, the ID masked; small and the same bytes twice', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    const person = await resident(archId!);
    const id = await followUp(c.doctor, archId!);

    const first = await print(c.doctor, `?id=${id}`);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/pdf');
    expect(first.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.bytes.length).toBeLessThanOrEqual(300 * 1024);

    const { pages, text } = await pdfText(first.bytes);
    expect(pages).toBe(1);
    expect(text).toContain('高血压患者随访服务记录表');
    expect(text).toContain(`姓名${person.person_name}`);
    expect(text).toContain(person.archives_no);
    // 随访方式 2 is 家庭 in the form's dictionary fu_method; 服药依从性 0 规律: the labels, not the codes.
    expect(text).toContain('随访方式家庭');
    expect(text).toContain('服药依从性规律');
    expect(text).toContain('收缩压132mmHg');
    expect(text).toContain('偶有头晕，晨起明显');
    expect(text).toContain('随访医生：张伟');
    expect(text).toContain('第1页/共1页');
    // A doctor does not hold 查看完整证件号: the ID number is masked as everywhere else.
    expect(text).toContain(maskMiddle(person.id_card));
    expect(text).not.toContain(person.id_card);

    // Deterministic: the same record prints to the same bytes, asked by query or by body.
    const again = await print(c.doctor, '', { id });
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
  });

  it('shows the whole ID number to a role that may see it, and audits that read', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    const person = await resident(archId!);
    const id = await followUp(c.doctor, archId!);
    const before = await sql<{ n: number }>`select count(*)::int as n from sensitive_read_audit where archive_id = ${archId!}`.execute(
      c.app().deps.db,
    );
    const res = await print(c.admin, `?id=${id}`);
    expect(res.status).toBe(200);
    expect((await pdfText(res.bytes)).text).toContain(person.id_card);
    const { rows } = await sql<{ field: string; route: string }>`
      select field, route from sensitive_read_audit where archive_id = ${archId!} order by read_time desc, id desc`.execute(
      c.app().deps.db,
    );
    expect(rows.length).toBe(before.rows[0]!.n + 1);
    expect(rows[0]).toMatchObject({ field: 'idCard', route: 'POST /blade-iph-business/userfollowup/pdf-print' });
  });

  it('answers another tenant’s record as absent, refuses bad ids clearly, and a role without 打印', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    const id = await followUp(c.doctor, archId!);
    const other = await print(c.otherAdmin, `?id=${id}`);
    expect(other.status).toBe(404);
    expect(other.json()).toMatchObject({ success: false, msg: `随访记录不存在：${id}` });

    const bad = await print(c.doctor, '?id=abc');
    expect(bad.status).toBe(400);
    expect(bad.json().msg).toBe('记录编号格式不正确：abc');
    const missing = await print(c.doctor, '');
    expect(missing.status).toBe(400);
    expect(missing.json().msg).toBe('请选择要打印的记录（缺少参数 id）');
    expect((await print(c.doctor, '?id=999999999')).status).toBe(404);

    expect((await print(c.cdc, `?id=${id}`)).status).toBe(403);
  });
});

describe('printing a 随访报告 (userfollowupreport/print-report, print-easy-report)', () => {
  const R = '/api/blade-iph-business/userfollowupreport';
  const get = async (caller: Caller, url: string) => {
    const res = await c.app().app.inject({ method: 'GET', url, headers: { 'blade-auth': `bearer ${caller.token}` } });
    return { status: res.statusCode, bytes: res.rawPayload, type: String(res.headers['content-type']), json: () => res.json() };
  };

  it('prints the report’s record and its conclusion; the easy print only the filled rows', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    const followId = await followUp(c.doctor, archId!);
    const report = (await c.doctor.get(`${R}/gen-report?followId=${followId}`)).body.data as { id: string; rowVersion: number };
    const saved = await c.doctor.post(`${R}/save-report`, {
      id: report.id,
      rowVersion: report.rowVersion,
      conclusion: '血压控制满意',
      advice: '低盐饮食',
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);

    const full = await get(c.doctor, `${R}/print-report?id=${report.id}`);
    expect(full.status).toBe(200);
    expect(full.type).toBe('application/pdf');
    const fullText = (await pdfText(full.bytes)).text;
    expect(fullText).toContain('高血压患者随访服务记录表');
    expect(fullText).toContain('结论血压控制满意');
    expect(fullText).toContain('建议低盐饮食');
    expect(fullText).toContain('审核状态待审核');
    expect(fullText).toContain('目标日吸烟量'); // an empty row: the full form has every row

    const easy = await get(c.doctor, `${R}/print-easy-report?id=${report.id}`);
    expect(easy.status).toBe(200);
    const easyText = (await pdfText(easy.bytes)).text;
    expect(easyText).toContain('随访方式家庭');
    expect(easyText).toContain('结论血压控制满意');
    expect(easyText).not.toContain('目标日吸烟量');

    const other = await get(c.otherAdmin, `${R}/print-report?id=${report.id}`);
    expect(other.status).toBe(404);
    expect(other.json().msg).toBe(`随访报告不存在：${report.id}`);
    expect((await get(c.doctor, `${R}/print-easy-report?id=x1`)).json().msg).toBe('记录编号格式不正确：x1');
    expect((await get(c.cdc, `${R}/print-report?id=${report.id}`)).status).toBe(403);
  });
});
