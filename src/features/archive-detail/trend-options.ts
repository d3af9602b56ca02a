// The trend charts' ECharts options, built from the graph data alone (no DOM), so they can be tested.
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, MarkLineComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { GraphPoint } from '../../api/followup-graph';
import type { trendMessages } from './trend-messages';

export type TrendOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | MarkLineComponentOption
>;
export type TrendMeasure = 'bp' | 'glucose';
type Words = (typeof trendMessages)['zh'];

/**
 * The control targets drawn as dashed lines: 140/90 mmHg (规范 高血压患者健康管理: 控制满意 <140/90;
 * the 150/90 of patients 65 and over is not drawn, the line is a reference, not a verdict) and a
 * fasting glucose of 7.0 mmol/L (规范 2型糖尿病患者健康管理: 控制满意 空腹血糖 <7.0).
 */
export const TARGETS = { sbp: 140, dbp: 90, fbg: 7 } as const;

const COLORS = { sbp: '#d4380d', dbp: '#1677ff', fbg: '#389e0d' } as const;

/** The points that carry the measure: a pressure pair, or a fasting glucose. */
export function pointsOf(points: readonly GraphPoint[], measure: TrendMeasure): GraphPoint[] {
  return points.filter((p) => (measure === 'bp' ? p.sbp !== null && p.dbp !== null : p.fbg !== null));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tooltip of one visit: its date and form, then each reading with its unit. */
export function tooltipHtml(point: GraphPoint, measure: TrendMeasure, m: Words): string {
  const rows =
    measure === 'bp'
      ? [`${m.sbp}: <b>${point.sbp ?? '-'}</b> ${m.mmHg}`, `${m.dbp}: <b>${point.dbp ?? '-'}</b> ${m.mmHg}`]
      : [`${m.fbg}: <b>${point.fbg ?? '-'}</b> ${m.mmolL}`];
  return [`<b>${escapeHtml(point.date)}</b>`, escapeHtml(point.formName), ...rows].join('<br/>');
}

type Line = { key: 'sbp' | 'dbp' | 'fbg'; name: string; target: number; targetLabel: string };

/** The line chart of one measure over time (a time axis: visits are not evenly spaced). */
export function trendOption(all: readonly GraphPoint[], measure: TrendMeasure, m: Words): TrendOption {
  const points = pointsOf(all, measure);
  const lines: Line[] =
    measure === 'bp'
      ? [
          { key: 'sbp', name: m.sbp, target: TARGETS.sbp, targetLabel: `${TARGETS.sbp}` },
          { key: 'dbp', name: m.dbp, target: TARGETS.dbp, targetLabel: `${TARGETS.dbp}` },
        ]
      : [{ key: 'fbg', name: m.fbg, target: TARGETS.fbg, targetLabel: TARGETS.fbg.toFixed(1) }];
  const series: LineSeriesOption[] = lines.map((line) => ({
    type: 'line',
    name: line.name,
    data: points.map((p) => [p.date, p[line.key]]),
    symbolSize: 8,
    color: COLORS[line.key],
    label: { show: points.length <= 12, position: 'top', fontSize: 11 },
    markLine: {
      silent: true,
      symbol: 'none',
      lineStyle: { type: 'dashed', color: COLORS[line.key], opacity: 0.6 },
      label: { formatter: line.targetLabel },
      data: [{ yAxis: line.target }],
    },
  }));
  const values = points.flatMap((p) => lines.map((l) => p[l.key] ?? 0));
  const top = Math.max(...values, ...lines.map((l) => l.target));
  return {
    animation: false,
    grid: { left: 56, right: 48, top: 48, bottom: 40 },
    legend: { top: 8, data: lines.map((l) => l.name) },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const point = first === undefined ? undefined : points[first.dataIndex];
        return point ? tooltipHtml(point, measure, m) : '';
      },
    },
    xAxis: { type: 'time', axisLabel: { formatter: '{yyyy}-{MM}-{dd}', hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: measure === 'bp' ? m.mmHg : m.mmolL,
      min: 0,
      max: measure === 'bp' ? Math.ceil((top + 20) / 20) * 20 : Math.ceil(top + 2),
    },
    series,
  };
}
