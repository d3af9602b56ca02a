import { ChartCanvas } from '../../components/chart-canvas';
import type { TrendOption } from './trend-options';

/** The trend chart of blood pressure or glucose: the shared canvas chart at the trend page's height. */
export function TrendChart({ option, testId }: { option: TrendOption; testId: string }) {
  return <ChartCanvas option={option} testId={testId} height={360} />;
}
