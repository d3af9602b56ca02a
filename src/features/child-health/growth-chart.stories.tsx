import type { Meta, StoryObj } from '@storybook/react-vite';
import { BUNDLED_GROWTH_STANDARDS } from '../../form-runtime';
import { GrowthChart } from './growth-chart';

const meta: Meta<typeof GrowthChart> = {
  title: 'child-health/GrowthChart',
  component: GrowthChart,
  args: {
    sex: '1',
    standards: BUNDLED_GROWTH_STANDARDS,
    measurements: [
      { date: '2025-12-17', ageDays: 7, weight: 3.5, height: 50.5, headCircumference: 35 },
      { date: '2026-01-10', ageDays: 31, weight: 4.5, height: 54.7, headCircumference: 37.2 },
      { date: '2026-03-10', ageDays: 90, weight: 6.2, height: 61, headCircumference: 40.4 },
      { date: '2026-06-10', ageDays: 182, weight: 7.9, height: 67.6, headCircumference: 43.3 },
    ],
  },
};
export default meta;

type Story = StoryObj<typeof GrowthChart>;

/** A boy growing along the median: points on the green line. */
export const BoyOnTheMedian: Story = {};

/** A girl whose weight falls below −2SD at 6 months (低体重). */
export const GirlUnderweight: Story = {
  args: {
    sex: '2',
    measurements: [
      { date: '2025-12-17', ageDays: 7, weight: 3.2, height: 49.5 },
      { date: '2026-03-10', ageDays: 90, weight: 5.0, height: 59 },
      { date: '2026-06-10', ageDays: 182, weight: 5.6, height: 64 },
    ],
  },
};

export const WeightForLength: Story = { args: { initial: 'wflh' } };
export const NoRecords: Story = { args: { measurements: [] } };
