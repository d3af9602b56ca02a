import { useMemo, useState } from 'react';
import { Card, DatePicker, Empty, Flex, Result, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import useSWR from 'swr';
import { getFollowupGraph } from '../../api/followup-graph';
import { useMessages } from '../../shared/i18n/i18n-context';
import type { ArchivePageProps } from './archive-pages';
import { TrendChart } from './trend-chart';
import { trendMessages } from './trend-messages';
import { pointsOf, trendOption, type TrendMeasure } from './trend-options';

type Range = [Dayjs | null, Dayjs | null] | null;
const DAY = 'YYYY-MM-DD';

/**
 * An archive page drawing one measure over the resident's records (userfollowup/
 * follow-up-for-gxy-or-tnb-data): every date by default, narrowed with the date range.
 */
export function TrendPage({ archId, measure }: { archId: string; measure: TrendMeasure }) {
  const m = useMessages(trendMessages);
  const [range, setRange] = useState<Range>(null);
  const begin = range?.[0]?.format(DAY);
  const end = range?.[1]?.format(DAY);
  const { data, error, isLoading } = useSWR(
    ['userfollowup/follow-up-for-gxy-or-tnb-data', archId, begin, end],
    () => getFollowupGraph(archId, begin, end),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
  const points = useMemo(() => pointsOf(data?.points ?? [], measure), [data, measure]);
  const option = useMemo(() => trendOption(points, measure, m), [points, measure, m]);
  const testId = measure === 'bp' ? 'bp-trend' : 'glucose-trend';

  const picker = (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      placeholder={[m.start, m.end]}
      value={range}
      onChange={(next) => setRange(next)}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      presets={[
        { label: m.lastYear, value: [dayjs().subtract(1, 'year'), dayjs()] },
        { label: m.lastThreeYears, value: [dayjs().subtract(3, 'year'), dayjs()] },
      ]}
    />
  );

  let body;
  if (error) body = <Result status="error" title={m.failed} subTitle={error instanceof Error ? error.message : String(error)} />;
  else if (isLoading && !data)
    body = (
      <Spin style={{ display: 'block', margin: 48 }} tip={m.loading}>
        <div />
      </Spin>
    );
  else if (points.length === 0)
    body = <Empty data-testid={`${testId}-empty`} style={{ margin: '48px 0' }} description={measure === 'bp' ? m.noBp : m.noGlucose} />;
  else body = <TrendChart option={option} testId={`${testId}-chart`} />;

  return (
    <Card
      style={{ margin: 16 }}
      title={measure === 'bp' ? m.bpTitle : m.glucoseTitle}
      extra={
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">{m.range}</Typography.Text>
          {picker}
        </Flex>
      }
      data-testid={testId}
    >
      {body}
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{m.sources}</Typography.Text>
        <Typography.Text type="secondary">{`${m.count(points.length)} · ${measure === 'bp' ? m.bpTarget : m.fbgTarget}`}</Typography.Text>
      </Flex>
    </Card>
  );
}

export const BloodPressureTrendPage = ({ archId }: ArchivePageProps) => <TrendPage archId={archId} measure="bp" />;
export const GlucoseTrendPage = ({ archId }: ArchivePageProps) => <TrendPage archId={archId} measure="glucose" />;
