// import-measure (decision 0037): reports from an .xlsx whose header row names the columns; one row
// per result, the rows of one 检验单号 being one report (its own columns read from its first row).
// Every row is checked first; one bad row refuses the whole file with every bad row's line and message
// in the answer's data, and nothing is saved. Then all reports are saved in one transaction (a jyid
// already there is overwritten, as everywhere).
import ExcelJS from 'exceljs';
import { Refusal } from '../../domain/errors';
import { cellText } from '../../platform/services/excel-cell-text';
import type { MeasureImported, MeasureSaveBody } from '../../../src/shared/contract/measurements';
import { checkReport, dayOf } from './report-rules';
import { ReportRefused, saveReports, type MeasureContext } from './measure-save';

export const MAX_MEASURE_IMPORT_ROWS = 5000;

/** Column label → the report's or the result's field. */
const COLUMNS = {
  检验单号: 'jyid',
  姓名: 'uname',
  证件号码: 'id_card',
  性别: 'usex',
  年龄: 'uage',
  报告类型: 'proj_type',
  项目编码: 'proj_code',
  条码号: 'bar_code',
  检验日期: 'jyrq',
  报告日期: 'bgrq',
  指标编码: 'jyzb_code',
  指标名称: 'jyzb_name',
  结果: 'jyzb_result',
  单位: 'jyzb_unit',
  健康档案指标编码: 'ehr_code',
} as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];
const REQUIRED: readonly (keyof typeof COLUMNS)[] = ['检验单号', '姓名', '报告类型', '检验日期', '指标名称', '结果'];

const PROJ_TYPES: Readonly<Record<string, 1 | 2 | 3>> = { 1: 1, 2: 2, 3: 3, 测量报告: 1, 检验报告: 2, 检查报告: 3 };
const SEX_CODES: Readonly<Record<string, string>> = { 男: '1', 女: '2', 未知: '0', 1: '1', 2: '2', 0: '0', 9: '9' };

export interface ImportProblem {
  line: number;
  msg: string;
}

async function readRows(content: Buffer): Promise<{ line: number; v: Record<Column, string> }[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new Refusal('无法读取Excel文件，请使用xlsx格式');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new Refusal('Excel文件中没有工作表');
  const at = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, n) => {
    const title = cellText(cell).replace(/\*/g, '').trim() as keyof typeof COLUMNS;
    if (COLUMNS[title]) at.set(COLUMNS[title], n);
  });
  const missing = REQUIRED.filter((label) => !at.has(COLUMNS[label]));
  if (missing.length > 0) throw new Refusal(`导入文件缺少列：${missing.join('、')}`);
  const rows: { line: number; v: Record<Column, string> }[] = [];
  for (let line = 2; line <= sheet.rowCount; line++) {
    const row = sheet.getRow(line);
    const v = Object.fromEntries(
      Object.values(COLUMNS).map((c) => [c, at.has(c) ? cellText(row.getCell(at.get(c)!)).trim() : '']),
    ) as Record<Column, string>;
    if (Object.values(v).every((x) => x === '')) continue;
    rows.push({ line, v });
    if (rows.length > MAX_MEASURE_IMPORT_ROWS) throw new Refusal(`一次最多导入${MAX_MEASURE_IMPORT_ROWS}行结果`);
  }
  if (rows.length === 0) throw new Refusal('导入文件中没有报告数据');
  return rows;
}

/** A sheet row's own problem (the report's columns are checked with the report). */
function rowProblem(v: Record<Column, string>): string | null {
  if (v.jyid === '') return '请填写检验单号';
  if (v.jyzb_name === '') return '请填写指标名称';
  if (v.jyzb_result === '') return '请填写结果';
  if (!PROJ_TYPES[v.proj_type]) return '报告类型只能填写测量报告、检验报告或检查报告';
  if (v.usex !== '' && !SEX_CODES[v.usex]) return '性别只能填写男或女';
  if (v.uage !== '' && !/^\d{1,3}$/.test(v.uage)) return '年龄应为0到150的整数';
  if (v.jyzb_result.length > 200) return '结果不能超过200个字';
  return null;
}

/** The sheet's rows as reports (grouped by jyid, in the order they first appear) with each report's lines. */
function reportsOf(rows: { line: number; v: Record<Column, string> }[]) {
  const groups = new Map<string, { lines: number[]; body: MeasureSaveBody }>();
  for (const { line, v } of rows) {
    let group = groups.get(v.jyid);
    if (!group) {
      group = {
        lines: [],
        body: {
          jyid: v.jyid,
          uname: v.uname,
          id_card: v.id_card,
          usex: SEX_CODES[v.usex] ?? '',
          uage: v.uage === '' ? null : Number(v.uage),
          proj_type: PROJ_TYPES[v.proj_type]!,
          proj_code: v.proj_code,
          bar_code: v.bar_code,
          jyrq: v.jyrq.replace(/\//g, '-'),
          bgrq: v.bgrq.replace(/\//g, '-'),
          source_code: '0',
          results: [],
        },
      };
      groups.set(v.jyid, group);
    }
    group.lines.push(line);
    group.body.results!.push({
      jyzb_code: v.jyzb_code,
      jyzb_name: v.jyzb_name,
      jyzb_result: v.jyzb_result,
      jyzb_unit: v.jyzb_unit,
      ehr_code: v.ehr_code,
    });
  }
  return [...groups.values()];
}

/** Imports the file's reports, all or none: a bad row refuses the file (导入失败) with every problem in the answer's data. */
export async function importReports(ctx: MeasureContext, fileName: string, content: Buffer): Promise<MeasureImported> {
  const rows = await readRows(content);
  const problems: ImportProblem[] = [];
  for (const { line, v } of rows) {
    const msg = rowProblem(v);
    if (msg) problems.push({ line, msg });
  }
  const reports = problems.length === 0 ? reportsOf(rows) : [];
  const today = dayOf(ctx.now);
  for (const { lines, body } of reports) {
    const checked = checkReport(body, today);
    if ('msg' in checked) problems.push({ line: lines[(checked.resultIndex ?? 1) - 1]!, msg: checked.msg });
  }
  const refuse = (all: ImportProblem[]) => {
    const sorted = [...all].sort((a, b) => a.line - b.line);
    const text = sorted
      .slice(0, 5)
      .map((p) => `第${p.line}行：${p.msg}`)
      .join('；');
    return new Refusal(`导入失败，未导入任何报告。${text}${sorted.length > 5 ? `；等${sorted.length}处错误` : ''}`, { problems: sorted });
  };
  if (problems.length > 0) throw refuse(problems);
  try {
    const saved = await saveReports(
      ctx,
      reports.map((r) => r.body),
    );
    return { fileName, rows: rows.length, reports: saved };
  } catch (e) {
    if (!(e instanceof ReportRefused)) throw e;
    const { lines } = reports[e.index]!;
    throw refuse([{ line: lines[(e.problem.resultIndex ?? 1) - 1]!, msg: e.problem.msg }]);
  }
}
