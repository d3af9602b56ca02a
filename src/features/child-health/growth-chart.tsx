import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { ChartCanvas } from '../../components/chart-canvas';
import type { GrowthStandards } from '../../engine';
import { CHART_INDICATORS, growthChartData, growthChartOption, type ChartIndicator, type Measurement } from './growth-chart-options';

export interface GrowthChartProps {
  sex: string;
  measurements: readonly Measurement[];
  standards: GrowthStandards;
  initial?: ChartIndicator;
}

/** 生长曲线: the WHO curves (−3…+3 SD) of the chosen indicator with the child's measurements at their z-scores. */
export function GrowthChart({ sex, measurements, standards, initial = 'wfa' }: GrowthChartProps) {
  const [indicator, setIndicator] = useState<ChartIndicator>(initial);
  const info = CHART_INDICATORS.find((i) => i.key === indicator)!;
  const data = useMemo(() => growthChartData(indicator, sex, measurements, standards), [indicator, sex, measurements, standards]);
  const option = useMemo(() => growthChartOption(info, data), [info, data]);
  const last = data.points[data.points.length - 1];
  return (
    <div data-testid="growth-chart">
      <Segmented
        value={indicator}
        onChange={(v) => setIndicator(v as ChartIndicator)}
        options={CHART_INDICATORS.map((i) => ({ value: i.key, label: i.title }))}
      />
      <div data-testid="growth-chart-latest" style={{ margin: '8px 0', color: '#595959' }}>
        {last ? `最近一次 ${last.date}: ${info.title} ${last.y} ${info.unit}, Z评分 ${last.z}` : '暂无测量记录'}
      </div>
      <ChartCanvas option={option} testId={`growth-chart-${indicator}`} height={420} />
    </div>
  );
}
