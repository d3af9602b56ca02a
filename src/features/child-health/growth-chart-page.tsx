import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Card, Spin } from 'antd';
import { BUNDLED_GROWTH_STANDARDS } from '../../form-runtime';
import { getChildRecords, type ChildRecord } from '../../api/child-health';
import { GrowthChart } from './growth-chart';
import { measurementsOf } from './growth-chart-options';

/**
 * 儿童生长曲线 (/publichealthwork/children?arch_id=…&other_id=…): the child's exam records
 * (get-children-userfollow-up) on the WHO Child Growth Standards curves.
 */
export function GrowthChartPage() {
  const [search] = useSearchParams();
  const archId = search.get('arch_id') ?? '';
  const otherId = search.get('other_id') ?? undefined;
  const [records, setRecords] = useState<ChildRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!archId) return;
    let live = true;
    getChildRecords(archId, otherId)
      .then((rows) => live && setRecords(rows))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [archId, otherId]);

  if (!archId) return <Alert type="error" showIcon message="入参有误[arch_id]" />;
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!records) return <Spin />;
  const sex = String(records.find((r) => r.values.sex)?.values.sex ?? '1');
  return (
    <Card title="儿童生长曲线 (WHO 儿童生长标准)">
      <GrowthChart sex={sex} measurements={measurementsOf(records)} standards={BUNDLED_GROWTH_STANDARDS} />
    </Card>
  );
}
