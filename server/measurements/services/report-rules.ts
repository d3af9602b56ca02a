// The rules of one report whoever sends it — the entry dialog (after its form document), a device or
// lab system (put-data), a sheet row (import-measure): spec 001 line 54's fields, the dictionaries'
// codes, the dates' order, result rows with a name, images only on an exam report. Pure: the checks
// that need the database (archive, project, indicator codes) are in measure-save.ts.
import type { MeasureResultInput, MeasureSaveBody } from '../../../src/shared/contract/measurements';
import type { MeasureColumns, ReportColumns, ResultColumns } from '../repositories/measures';

/** A problem of a report: its message, and the result row (1-based) it is about when it is about one. */
export interface ReportProblem {
  msg: string;
  resultIndex?: number;
}

/** A report ready to write: its columns (without the resident and unit, set by the save), results and images. */
export interface CheckedReport {
  columns: Omit<MeasureColumns, 'arch_id' | 'yydm' | 'yymc'>;
  results: ResultColumns[];
  reports: ReportColumns[];
}

export const JYID_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
const ID_CARD = /^\d{17}[\dXx]$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The platform dictionaries' codes (server/seed: card_type, sex, sys_platform). */
const CARD_TYPES = new Set(['1', '2', '3', '4', '5', '9']);
const SEXES = new Set(['', '0', '1', '2', '9']);
const PLATFORMS = new Set(['0', '1', '2', '3']);

export const SEX_TEXT: Readonly<Record<string, string>> = { '1': '男', '2': '女', '0': '未知的性别', '9': '未说明的性别' };
export const CHARGE_TEXT: Readonly<Record<number, string>> = { 1: '免费', 2: '收费', 3: '未知' };
export const PROJ_TYPE_TEXT: Readonly<Record<number, string>> = { 1: '测量报告', 2: '检验报告', 3: '检查报告' };
export const PLATFORM_TEXT: Readonly<Record<string, string>> = {
  '0': '本系统',
  '1': '省基本公共卫生服务平台',
  '2': '区域全民健康信息平台',
  '3': '医院信息系统',
};

/** yyyy-MM-dd of a date in the server's zone (the day the user sees). */
export function dayOf(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** A date field: null when empty, its day when valid; a problem otherwise (bad or after today). */
function dateOf(value: string | undefined, label: string, today: string): { day: string | null } | ReportProblem {
  const v = (value ?? '').trim().slice(0, 10);
  if (v === '') return { day: null };
  const t = new Date(`${v}T00:00:00Z`);
  if (!ISO_DAY.test(v) || Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== v) return { msg: `${label}格式不正确` };
  if (v > today) return { msg: `${label}不能晚于今天` };
  return { day: v };
}

const trim = (v: string | undefined) => (v ?? '').trim();

function resultOf(r: MeasureResultInput): ResultColumns {
  return {
    jyzb_code: trim(r.jyzb_code),
    jyzb_name: trim(r.jyzb_name),
    jyzb_result: trim(r.jyzb_result),
    jyzb_unit: trim(r.jyzb_unit),
    ehr_code: trim(r.ehr_code),
    ehr_name: trim(r.ehr_name),
  };
}

/** An image address the app itself serves (/…) or an http(s) one: nothing a browser would run. */
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/i;

/** The report's first problem, or the report ready to write. */
export function checkReport(body: MeasureSaveBody, today: string): ReportProblem | CheckedReport {
  const jyid = trim(body.jyid);
  if (jyid === '') return { msg: '请输入检验单号' };
  if (!JYID_PATTERN.test(jyid)) return { msg: '检验单号只能包含字母、数字、下划线和短横线，最长50位' };
  const uname = trim(body.uname);
  if (uname === '') return { msg: '请输入姓名' };
  const cardType = trim(body.card_type) || '1';
  if (!CARD_TYPES.has(cardType)) return { msg: '证件类型不正确' };
  const idCard = trim(body.id_card);
  if (cardType === '1' && idCard !== '' && !ID_CARD.test(idCard)) return { msg: '身份证号应为18位' };
  const usex = trim(body.usex);
  if (!SEXES.has(usex)) return { msg: '性别不正确' };
  const sourceCode = trim(body.source_code) || '0';
  if (!PLATFORMS.has(sourceCode)) return { msg: '数据来源不正确' };
  if (trim(body.jyrq) === '') return { msg: '请选择检验日期' };
  const jyrq = dateOf(body.jyrq, '检验日期', today);
  if ('msg' in jyrq) return jyrq;
  const cjrq = dateOf(body.cjrq, '采集日期', today);
  if ('msg' in cjrq) return cjrq;
  const bgrq = dateOf(body.bgrq, '报告日期', today);
  if ('msg' in bgrq) return bgrq;
  if (cjrq.day && cjrq.day > jyrq.day!) return { msg: '检验日期不能早于采集日期' };
  if (bgrq.day && bgrq.day < jyrq.day!) return { msg: '报告日期不能早于检验日期' };

  const results = (body.results ?? []).map(resultOf);
  const nameless = results.findIndex((r) => r.jyzb_name === '');
  if (nameless >= 0) return { msg: '请输入指标名称', resultIndex: nameless + 1 };
  const reports = body.reports ?? [];
  if (reports.length > 0 && body.proj_type !== 3) return { msg: '只有检查报告可以上传报告图片' };
  if (reports.length > 1) return { msg: '检查报告只能上传一张图片' };
  const report = reports[0];
  if (report?.file_url && !SAFE_URL.test(report.file_url.trim())) return { msg: '报告图片地址不正确' };

  return {
    columns: {
      jyid,
      bar_code: trim(body.bar_code),
      serial_no: trim(body.serial_no),
      card_type: cardType,
      id_card: idCard,
      uname,
      uage: body.uage ?? null,
      usex,
      charge: body.charge ?? 3,
      proj_type: body.proj_type,
      proj_code: trim(body.proj_code),
      proj_name: trim(body.proj_name),
      sqyy_mc: trim(body.sqyy_mc),
      sqks_mc: trim(body.sqks_mc),
      sqys_xm: trim(body.sqys_xm),
      cjrq: cjrq.day,
      bb_mc: trim(body.bb_mc),
      jyxm_dm: trim(body.jyxm_dm),
      jyxm_mc: trim(body.jyxm_mc),
      source_code: sourceCode,
      source_name: trim(body.source_name) || (PLATFORM_TEXT[sourceCode] ?? ''),
      jyrq: jyrq.day!,
      bgrq: bgrq.day,
      jyys_xm: trim(body.jyys_xm),
      bgys_xm: trim(body.bgys_xm),
      shys_xm: trim(body.shys_xm),
      remark: trim(body.remark),
    },
    results,
    reports: report
      ? [
          {
            file_type: report.file_type ?? 1,
            check_find: trim(report.check_find),
            check_result: trim(report.check_result),
            file_url: trim(report.file_url),
          },
        ]
      : [],
  };
}

/** A problem as one message: a result row's says which row (第2行结果：…). */
export const problemText = (p: ReportProblem) => (p.resultIndex ? `第${p.resultIndex}行结果：${p.msg}` : p.msg);
