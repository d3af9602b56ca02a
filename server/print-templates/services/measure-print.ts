// A measurement / lab / exam report as printed blocks (decision 0046), drawn by server/printing's one
// renderer like every printout: the resident's header, the report's fields as label | value pairs
// with the dictionaries' names (性别, 收费类型, 报告类型, 数据来源), the result rows as a ruled grid —
// 项目, 结果, 单位, 参考范围, 提示 (↑ above the indicator's normal range, ↓ below) — and an exam
// report's findings with its image.
import type { PrintBlock, PrintCell } from '../../printing/index';
import type { IndicatorRange, MeasureForPrint } from '../../measurements/index';

/** The report's image as the printout embeds it (only one the app itself stores is read). */
export interface PrintedImage {
  bytes: Uint8Array;
  jpeg: boolean;
}

/** The resident's header: the archive's (masked as the archive page's) when linked, else the report's own. */
export interface MeasureResident {
  name: string;
  sexText: string;
  age: string;
  idCard: string;
  archivesNo: string;
}

const trimNumber = (n: number) => String(Number(n.toFixed(4)));

export function rangeText(range: IndicatorRange | undefined): string {
  if (!range) return '';
  const { low, high } = range;
  if (low !== null && high !== null) return `${trimNumber(low)}～${trimNumber(high)}`;
  if (low !== null) return `≥${trimNumber(low)}`;
  return high !== null ? `≤${trimNumber(high)}` : '';
}

/** ↑ above the range, ↓ below it, '' within it or when the result is not a number or there is no range. */
export function abnormalMark(result: string, range: IndicatorRange | undefined): string {
  const v = Number(result.trim());
  if (!range || result.trim() === '' || !Number.isFinite(v)) return '';
  if (range.low !== null && v < range.low) return '↓';
  if (range.high !== null && v > range.high) return '↑';
  return '';
}

const cell = (label: string, value: string | null | undefined, span?: number): PrintCell => ({
  label,
  value: value ?? '',
  ...(span && { span }),
});

/** The report's blocks under `title` (the template's). */
export function measureBlocks(title: string, data: MeasureForPrint, resident: MeasureResident, image?: PrintedImage): PrintBlock[] {
  const r = data.report;
  const blocks: PrintBlock[] = [
    { kind: 'title', text: title },
    { kind: 'line', text: `${r.proj_type_text}\u3000${r.yymc}`, right: `检验单号：${r.jyid}` },
    {
      kind: 'table',
      pairs: 3,
      headingWidth: 0,
      labelWidth: 56,
      sections: [
        {
          rows: [
            [cell('姓名', resident.name), cell('性别', resident.sexText), cell('年龄', resident.age)],
            [cell('身份证号', resident.idCard), cell('档案编号', resident.archivesNo), cell('条码号', r.bar_code)],
            [cell('报告类型', r.proj_type_text), cell('项目', r.proj_name), cell('收费类型', r.charge_text)],
            [cell('检验项目', [r.jyxm_dm, r.jyxm_mc].filter(Boolean).join(' ')), cell('标本', r.bb_mc), cell('数据来源', r.source_name)],
            [cell('申请医院', r.sqyy_mc), cell('申请科室', r.sqks_mc), cell('申请医生', r.sqys_xm)],
            [cell('采集日期', r.cjrq), cell('检验日期', r.jyrq), cell('报告日期', r.bgrq)],
          ],
        },
      ],
    },
    { kind: 'space', height: 8 },
  ];
  if (r.results.length > 0)
    blocks.push({
      kind: 'grid',
      header: ['序号', '项目', '结果', '单位', '参考范围', '提示'],
      widths: [6, 34, 16, 12, 20, 8],
      rows: r.results.map((row, i) => {
        const range = data.ranges.get(row.ehr_code);
        return [String(i + 1), row.jyzb_name, row.jyzb_result, row.jyzb_unit, rangeText(range), abnormalMark(row.jyzb_result, range)];
      }),
    });
  else blocks.push({ kind: 'line', text: '无结果项目' });
  const exam = r.reports[0];
  if (exam) {
    blocks.push({
      kind: 'table',
      pairs: 1,
      headingWidth: 0,
      labelWidth: 70,
      sections: [{ rows: [[cell('检查所见', exam.check_find)], [cell('检查结论', exam.check_result)]] }],
    });
    if (image)
      blocks.push({ kind: 'space', height: 6 }, { kind: 'image', png: image.bytes, jpeg: image.jpeg, width: 360, caption: '报告图片' });
    else if (exam.file_url) blocks.push({ kind: 'line', text: `报告图片：${exam.file_url}`, size: 8 });
  }
  if (r.remark) blocks.push({ kind: 'paragraph', text: `备注：${r.remark}` });
  blocks.push(
    { kind: 'space', height: 10 },
    {
      kind: 'line',
      text: `检验医生：${r.jyys_xm}\u3000报告医生：${r.bgys_xm}\u3000审核医生：${r.shys_xm}`,
      right: `报告日期：${r.bgrq ?? r.jyrq}`,
    },
  );
  return blocks;
}
