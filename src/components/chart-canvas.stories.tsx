import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChartCanvas } from './chart-canvas';

/** The app's canvas chart (echarts core with bar, line and scatter), following its container's width. */
const meta: Meta<typeof ChartCanvas> = {
  title: 'Components/ChartCanvas',
  component: ChartCanvas,
  args: { testId: 'chart', height: 300 },
};
export default meta;

type Story = StoryObj<typeof ChartCanvas>;

const months = ['1月', '2月', '3月', '4月', '5月', '6月'];

/** A workload bar chart, as 工作量统计 draws it. */
export const Bars: Story = {
  args: {
    option: {
      tooltip: {},
      legend: {},
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value' },
      series: [
        { name: '随访', type: 'bar', data: [120, 132, 101, 134, 90, 230] },
        { name: '建档', type: 'bar', data: [20, 18, 25, 30, 22, 41] },
      ],
    },
  },
};
/** A trend line with a reference line (血压趋势). */
export const LineWithMark: Story = {
  args: {
    height: 240,
    option: {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', min: 80 },
      series: [{ name: '收缩压', type: 'line', data: [138, 145, 132, 128, 141, 126], markLine: { data: [{ yAxis: 140 }] } }],
    },
  },
};
