import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { growthStandardsFromFiles } from '../../engine';
import { CHART_INDICATORS, growthChartData, growthChartOption, measurementsOf } from './growth-chart-options';

const dir = join(__dirname, '../../../codemaps/growth');
const standards = growthStandardsFromFiles(
  Object.fromEntries(
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n, JSON.parse(readFileSync(join(dir, n), 'utf8')) as unknown]),
  ),
);

describe('growth chart data', () => {
  it('draws the seven SD curves and places a measurement at its z-score', () => {
    const data = growthChartData('wfa', '1', [{ date: '2026-06-10', ageDays: 182, weight: 7.9 }], standards);
    expect(data.curves.map((c) => c.z)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(data.curves[3]!.points[0]).toEqual([0, 3.35]); // boys' median at birth 3.3464 kg
    expect(data.points).toEqual([{ x: 5.98, y: 7.9, z: -0.03, date: '2026-06-10' }]);
    expect(data.xMin).toBe(0);
    // The 2006 standards to 60 months, then the WHO Reference 2007 to the seventh birthday.
    expect(data.xMax).toBe(84);
    const six = growthChartData('wfa', '1', [{ date: '2026-06-10', ageDays: 2192, weight: 20.6 }], standards);
    expect(six.points).toEqual([{ x: 72.02, y: 20.6, z: 0.03, date: '2026-06-10' }]);
  });

  it('puts weight-for-length on length and switches to weight-for-height at 24 months', () => {
    const data = growthChartData(
      'wflh',
      '2',
      [
        { date: '2025-01-01', ageDays: 300, weight: 8.3, height: 70 },
        { date: '2026-06-01', ageDays: 800, weight: 12.6, height: 90 },
      ],
      standards,
    );
    expect(data.points.map((p) => p.x)).toEqual([70, 90]);
    expect(data.xMin).toBe(45);
    expect(data.xMax).toBe(120);
  });

  it('skips measurements it cannot score and reads exam records', () => {
    expect(growthChartData('hcfa', '1', [{ date: '2026-01-01', ageDays: 30, weight: 4 }], standards).points).toEqual([]);
    const ms = measurementsOf([
      { visitDate: '2026-06-10', values: { ageDays: 182, weight: 7.9, height: 67.6 } },
      { visitDate: null, values: { ageDays: 10 } },
      { visitDate: '2025-12-17', values: { ageDays: 7, weight: 3.5 } },
    ]);
    expect(ms.map((m) => m.ageDays)).toEqual([7, 182]);
    const option = growthChartOption(CHART_INDICATORS[0]!, growthChartData('wfa', '1', ms, standards));
    expect(option.series).toHaveLength(8);
    expect(option.series[7]!.data).toHaveLength(2);
  });

  it('plots a length taken standing before 2 years as WHO’s length (+0.7 cm), as the exam scores it', () => {
    const [standing] = measurementsOf([{ visitDate: '2026-06-10', values: { ageDays: 547, height: 80, heightPosition: '2' } }]);
    const [lying] = measurementsOf([{ visitDate: '2026-06-10', values: { ageDays: 547, height: 80, heightPosition: '1' } }]);
    expect(standing!.height).toBe(80.7);
    expect(lying!.height).toBe(80);
  });
});
