import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Card, Spin } from 'antd';
import { BUNDLED_GROWTH_STANDARDS } from '../../form-runtime';
import { getChildRecords, type ChildRecord } from '../../api/child-health';
import { GrowthChart } from './growth-chart';
import { measurementsOf } from './growth-chart-options';

/**
 * 儿童生长曲线 (/publichealthwork/detail/growthchart?arch_id=…&other_id=…&name=…): one of the child
 * management's archive pages (spec 001 §2), the child's exam records (get-children-userfollow-up) on
 * the WHO Child Growth Standards curves, shown inside the child's archive detail with its header and
 * in its left menu beside the child forms (src/app/archive-screen.tsx hands it to the archive page).
 * `otherId`: only that case's exams; all the child's otherwise. (/publichealthwork/children is the
 * child filing list.)
 */
export function GrowthChartPanel({ archId, otherId, name, extra }: { archId: string; otherId?: string; name: string; extra?: ReactNode }) {
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
    <Card title={`${name ? `${name} · ` : ''}儿童生长曲线 (WHO 儿童生长标准)`} extra={extra}>
      <GrowthChart sex={sex} measurements={measurementsOf(records)} standards={BUNDLED_GROWTH_STANDARDS} />
    </Card>
  );
}
