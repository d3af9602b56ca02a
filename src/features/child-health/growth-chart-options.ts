// The growth chart's data (pure): the WHO curves −3…+3 SD of one indicator for one sex, sampled from
// the LMS tables, and the child's measurements placed on them with their z-scores.
import { growthCurveValue, growthRange, growthZ, whoLengthHeight, type GrowthIndicator, type GrowthStandards } from '../../engine';

export type ChartIndicator = 'wfa' | 'lhfa' | 'wflh' | 'hcfa' | 'bfa';

export interface ChartIndicatorInfo {
  key: ChartIndicator;
  title: string;
  unit: string;
  /** x axis: age in months, or length/height in cm. */
  xName: string;
}

export const CHART_INDICATORS: readonly ChartIndicatorInfo[] = [
  { key: 'wfa', title: '体重/年龄', unit: 'kg', xName: '月龄' },
  { key: 'lhfa', title: '身长(身高)/年龄', unit: 'cm', xName: '月龄' },
  { key: 'wflh', title: '体重/身长(身高)', unit: 'kg', xName: '身长/身高 (cm)' },
  { key: 'hcfa', title: '头围/年龄', unit: 'cm', xName: '月龄' },
  { key: 'bfa', title: 'BMI/年龄', unit: 'kg/m²', xName: '月龄' },
];

/** One measurement of a child (from an exam record). */
export interface Measurement {
  date: string;
  ageDays: number;
  weight?: number | null;
  height?: number | null;
  headCircumference?: number | null;
}

export interface ChartPoint {
  x: number;
  y: number;
  z: number;
  date: string;
}

export interface GrowthChartData {
  curves: { z: number; points: [number, number][] }[];
  points: ChartPoint[];
  xMin: number;
  xMax: number;
}

const DAYS_PER_MONTH = 30.4375;
export const SD_LINES = [-3, -2, -1, 0, 1, 2, 3] as const;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** The curves and points of an indicator; weight-for-length under 24 months and weight-for-height after share one panel. */
export function growthChartData(
  indicator: ChartIndicator,
  sex: string,
  measurements: readonly Measurement[],
  standards: GrowthStandards,
): GrowthChartData {
  const points: ChartPoint[] = [];
  for (const m of measurements) {
    const w = num(m.weight);
    const h = num(m.height);
    const hc = num(m.headCircumference);
    let table: GrowthIndicator = indicator === 'wflh' ? (m.ageDays < 731 ? 'wfl' : 'wfh') : indicator;
    let x: number | null = m.ageDays / DAYS_PER_MONTH;
    let index: number | null = m.ageDays;
    let y: number | null = null;
    if (indicator === 'wfa') y = w;
    else if (indicator === 'lhfa') y = h;
    else if (indicator === 'hcfa') y = hc;
    else if (indicator === 'bfa') y = w && h ? Math.round((w / (h / 100) ** 2) * 100) / 100 : null;
    else {
      table = m.ageDays < 731 ? 'wfl' : 'wfh';
      x = h;
      index = h;
      y = w;
    }
    if (y === null || x === null || index === null) continue;
    const z = growthZ(table, sex, index, y, standards);
    if (z === null) continue;
    points.push({ x: Math.round(x * 100) / 100, y, z: Math.round(z * 100) / 100, date: m.date });
  }
  const tables: GrowthIndicator[] = indicator === 'wflh' ? ['wfl', 'wfh'] : [indicator];
  const curves = SD_LINES.map((z) => ({ z, points: [] as [number, number][] }));
  let xMin = Infinity;
  let xMax = -Infinity;
  for (const table of tables) {
    const range = growthRange(table, sex, standards);
    if (!range) continue;
    // wfl covers 45–110 cm, wfh 65–120: the chart draws wfl up to 65 cm and wfh from there.
    const from = table === 'wfh' && tables.includes('wfl') ? 65.5 : range.from;
    const to = table === 'wfl' && tables.includes('wfh') ? 65 : range.to;
    const step = indicator === 'wflh' ? 0.5 : 15;
    for (let i = from; i <= to + 1e-9; i += step) {
      const x = indicator === 'wflh' ? i : i / DAYS_PER_MONTH;
      xMin = Math.min(xMin, x);
      xMax = Math.max(xMax, x);
      for (const c of curves) {
        const v = growthCurveValue(table, sex, i, c.z, standards);
        if (v !== null) c.points.push([Math.round(x * 100) / 100, Math.round(v * 100) / 100]);
      }
    }
  }
  return { curves, points, xMin: Number.isFinite(xMin) ? Math.floor(xMin) : 0, xMax: Number.isFinite(xMax) ? Math.ceil(xMax) : 60 };
}

const SD_COLOURS: Record<number, string> = {
  [-3]: '#000000',
  [-2]: '#d4380d',
  [-1]: '#faad14',
  0: '#389e0d',
  1: '#faad14',
  2: '#d4380d',
  3: '#000000',
};
const sdName = (z: number) => (z === 0 ? '中位数' : `${z > 0 ? '+' : ''}${z}SD`);

/** The echarts option of one panel: the seven SD curves and the child's points (tooltip: value, z-score, date). */
export function growthChartOption(info: ChartIndicatorInfo, data: GrowthChartData) {
  return {
    animation: false,
    grid: { left: 56, right: 80, top: 36, bottom: 48 },
    tooltip: { trigger: 'item' as const },
    legend: { top: 4, type: 'scroll' as const },
    xAxis: { type: 'value' as const, name: info.xName, nameLocation: 'middle' as const, nameGap: 28, min: data.xMin, max: data.xMax },
    yAxis: { type: 'value' as const, name: `${info.title} (${info.unit})`, scale: true },
    series: [
      ...data.curves.map((c) => ({
        name: sdName(c.z),
        type: 'line' as const,
        data: c.points,
        showSymbol: false,
        smooth: true,
        lineStyle: {
          width: c.z === 0 ? 2 : 1,
          color: SD_COLOURS[c.z],
          type: Math.abs(c.z) === 3 ? ('dashed' as const) : ('solid' as const),
        },
        itemStyle: { color: SD_COLOURS[c.z] },
        tooltip: { show: false },
        endLabel: { show: true, formatter: sdName(c.z), color: SD_COLOURS[c.z] },
      })),
      {
        name: '测量值',
        type: 'scatter' as const,
        symbolSize: 10,
        itemStyle: { color: '#1677ff' },
        data: data.points.map((p) => ({ value: [p.x, p.y], z: p.z, date: p.date })),
        tooltip: {
          formatter: (p: { data: { value: [number, number]; z: number; date: string } }) =>
            `${p.data.date}<br/>${info.title}: ${p.data.value[1]} ${info.unit}<br/>Z评分: ${p.data.z}`,
        },
      },
    ],
  };
}

/** The measurements of a child's exam records (values as the forms store them; records newest first, as the call answers). */
export function measurementsOf(records: readonly { visitDate: string | null; values: Record<string, unknown> }[]): Measurement[] {
  const out: Measurement[] = [];
  // Oldest first, so that of two records of one day the later one is the latest point.
  for (const r of [...records].reverse()) {
    const v = r.values;
    const ageDays = typeof v.ageDays === 'number' ? v.ageDays : null;
    if (ageDays === null || !r.visitDate) continue;
    out.push({
      date: r.visitDate,
      ageDays,
      weight: typeof v.weight === 'number' ? v.weight : null,
      // As the exam's z-score reads it: a height taken the other way than WHO expects at that age is ±0.7 cm (测量方式).
      height: whoLengthHeight(ageDays, v.height, v.heightPosition),
      headCircumference: typeof v.headCircumference === 'number' ? v.headCircumference : null,
    });
  }
  return out.sort((a, b) => a.ageDays - b.ageDays);
}
