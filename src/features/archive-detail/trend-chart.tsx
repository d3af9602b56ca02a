import { useEffect, useRef } from 'react';
// Only the parts drawn here, registered on echarts/core: importing 'echarts' itself would bundle every chart type.
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { TrendOption } from './trend-options';

registerCharts([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** A canvas chart that follows its option and its container's size; disposed with the component. */
export function TrendChart({ option, testId }: { option: TrendOption; testId: string }) {
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

  return <div ref={host} data-testid={testId} style={{ width: '100%', height: 360 }} />;
}
