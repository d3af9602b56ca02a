import { describe, expect, it } from 'vitest';
import type { GraphPoint } from '../../api/followup-graph';
import { trendMessages } from './trend-messages';
import { pointsOf, tooltipHtml, trendOption } from './trend-options';

const m = trendMessages.zh;
const point = (
  date: string,
  sbp: number | null,
  dbp: number | null,
  fbg: number | null,
  formName = '高血压患者随访服务记录表',
): GraphPoint => ({
  followId: date.replaceAll('-', ''),
  formCode: 'hypertensionfollowup',
  formName,
  date,
  sbp,
  dbp,
  fbg,
});
const points = [
  point('2024-01-10', 165, 100, null),
  point('2024-03-05', null, null, 7.8, '2型糖尿病患者随访服务记录表'),
  point('2024-06-10', 132, 84, 6.2),
];

describe('trend chart options', () => {
  it('draws systolic and diastolic of the visits that measured both, with the 140/90 targets', () => {
    const option = trendOption(points, 'bp', m);
    const series = option.series as { name: string; data: unknown[]; markLine: { data: { yAxis: number }[] } }[];
    expect(series.map((s) => s.name)).toEqual(['收缩压', '舒张压']);
    expect(series[0]!.data).toEqual([
      ['2024-01-10', 165],
      ['2024-06-10', 132],
    ]);
    expect(series[1]!.data).toEqual([
      ['2024-01-10', 100],
      ['2024-06-10', 84],
    ]);
    expect(series.map((s) => s.markLine.data[0]!.yAxis)).toEqual([140, 90]);
    expect(option.yAxis).toMatchObject({ name: 'mmHg', min: 0, max: 200 });
  });

  it('draws fasting glucose with the 7.0 mmol/L target', () => {
    const series = trendOption(points, 'glucose', m).series as { name: string; data: unknown[]; markLine: { data: { yAxis: number }[] } }[];
    expect(series.map((s) => [s.name, s.data, s.markLine.data[0]!.yAxis])).toEqual([
      [
        '空腹血糖',
        [
          ['2024-03-05', 7.8],
          ['2024-06-10', 6.2],
        ],
        7,
      ],
    ]);
    expect(pointsOf(points, 'glucose')).toHaveLength(2);
  });

  it('shows the date, the form and the values in the tooltip, with the form name escaped', () => {
    expect(tooltipHtml(points[0]!, 'bp', m)).toBe(
      '<b>2024-01-10</b><br/>高血压患者随访服务记录表<br/>收缩压: <b>165</b> mmHg<br/>舒张压: <b>100</b> mmHg',
    );
    expect(tooltipHtml(point('2024-02-01', null, null, 5.6, '<img onerror=x>'), 'glucose', m)).toBe(
      '<b>2024-02-01</b><br/>&#60;img onerror=x&#62;<br/>空腹血糖: <b>5.6</b> mmol/L',
    );
  });
});
