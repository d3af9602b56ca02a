// 随访报告 printed (userfollowupreport/print-report, print-easy-report): the report's follow-up record as
// its paper form — every row (print-report) or only the filled ones (print-easy-report) — followed by
// the report's conclusion, advice and approval. The report and its record are the caller's tenant's.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { NotFound } from '../../domain/errors';
import { findReport, STATE_TEXT } from '../../followup-reports/index';
import type { PrintSection } from './pdf-layout';
import { printRecord, type PrintedFile } from './print-record';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function printReport(
  deps: Pick<AppDeps, 'db' | 'caches' | 'now'>,
  auth: AccessClaims,
  id: string,
  route: string,
  easy: boolean,
): Promise<PrintedFile> {
  const report = await findReport(deps.db, auth.tenant_id, id);
  if (!report) throw new NotFound(`随访报告不存在：${id}`);
  const conclusion: PrintSection = {
    heading: '随访报告',
    rows: [
      [{ label: '结论', value: text(report['conclusion']), span: 2 }],
      [{ label: '建议', value: text(report['advice']), span: 2 }],
      [
        { label: '审核状态', value: STATE_TEXT[report.state] ?? '' },
        { label: '审核人', value: text(report['approve_user_name']) },
      ],
      [
        { label: '审核时间', value: text(report['approve_time']) },
        { label: '审核意见', value: text(report['approve_opinion']) },
      ],
    ],
  };
  const changed = report['update_time'] instanceof Date ? report['update_time'] : undefined;
  return printRecord(deps, auth, report.follow_id, route, { filledOnly: easy, extra: [conclusion], ...(changed && { changed }) });
}
