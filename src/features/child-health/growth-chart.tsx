import { useEffect, useMemo, useRef, useState } from 'react';
import { Segmented } from 'antd';
// Only the parts drawn here, registered on echarts/core (as trend-chart.tsx does).
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { GrowthStandards } from '../../engine';
import { CHART_INDICATORS, growthChartData, growthChartOption, type ChartIndicator, type Measurement } from './growth-chart-options';

registerCharts([LineChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

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
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const instance = init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

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
      <div ref={host} data-testid={`growth-chart-${indicator}`} style={{ width: '100%', height: 420 }} />
    </div>
  );
}
