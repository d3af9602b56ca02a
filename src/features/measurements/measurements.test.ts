import { describe, expect, it } from 'vitest';
import type { MeasureResultView, MeasureView } from '../../api/measurements';
import { entryDefaults } from './measure-entry-dialog';
import { historyOption, indicatorsOf } from './measure-archive-page';

const row = (jyrq: string, result: string, extra: Partial<MeasureResultView> = {}): MeasureResultView => ({
  id: jyrq,
  measure_id: jyrq,
  jyid: `J${jyrq}`,
  arch_id: '1',
  jyrq,
  proj_type: 2,
  proj_code: 'XCG',
  proj_name: '血常规',
  sort: 1,
  jyzb_code: 'WBC',
  jyzb_name: '白细胞计数',
  jyzb_result: result,
  jyzb_unit: '10^9/L',
  ehr_code: 'WBC',
  ehr_name: '白细胞计数',
  ...extra,
});

describe('the measurement entry and history', () => {
  it('opens the entry with spec 001 line 54’s defaults and the resident’s particulars, leaving a masked id card out', () => {
    expect(
      entryDefaults({ archId: '1', personName: '陈明', sex: '1', age: 60, idCard: '441***********0022' }, '2026-11-29', '张伟'),
    ).toEqual({
      proj_type: '2',
      charge: '3',
      card_type: '1',
      source_code: '0',
      uname: '陈明',
      usex: '1',
      uage: 60,
      cjrq: '2026-11-29',
      jyrq: '2026-11-29',
      bgrq: '2026-11-29',
      jyys_xm: '张伟',
      bgys_xm: '张伟',
      shys_xm: '张伟',
    });
    expect(entryDefaults({ archId: '1', personName: '陈明', idCard: '110101199001011237', age: '' }, '2026-11-29', '')).toMatchObject({
      id_card: '110101199001011237',
    });
  });

  it('offers each health-record indicator once and draws its numeric results oldest first', () => {
    const reports = [
      { results: [row('2026-11-29', '7.1'), row('2026-11-29', '130', { ehr_code: 'HGB', ehr_name: '血红蛋白' })] },
      { results: [row('2026-11-01', '5.0'), row('2026-11-01', 'x', { ehr_code: '' })] },
    ] as unknown as MeasureView[];
    expect(indicatorsOf(reports)).toEqual([
      { value: 'WBC', label: '白细胞计数' },
      { value: 'HGB', label: '血红蛋白' },
    ]);
    const option = historyOption([row('2026-11-29', '7.1'), row('2026-11-15', '阴性'), row('2026-11-01', '5.0')], '白细胞计数') as {
      xAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-29']);
    expect(option.series[0]!.data).toEqual([5, 7.1]);
  });
});
