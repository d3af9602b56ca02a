import { useEffect, useRef } from 'react';
// Only the parts the app draws, registered on echarts/core: importing 'echarts' itself would bundle
// every chart type. A screen that needs another chart type adds it here.
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerCharts, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerCharts([BarChart, LineChart, ScatterChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

export interface ChartCanvasProps {
  /** The whole option, replaced (not merged) when it changes. */
  option: EChartsCoreOption;
  testId: string;
  height: number;
}

/** A canvas chart that follows its option and its container's size; disposed with the component. */
export function ChartCanvas({ option, testId, height }: ChartCanvasProps) {
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

  return <div ref={host} data-testid={testId} style={{ width: '100%', height }} />;
}
