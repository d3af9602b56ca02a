import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Select, Table, Typography } from 'antd';
import useSWR from 'swr';
import { getData } from '../../api/envelope';
import { getArchive } from '../../api/archives';
import { followupStore, newestFirst, type FollowupRecord, type FormValuesMap } from '../../api/followups';
import { babiesOfPregnancy, babyAddRefusal, babyVisitRows, type BabyVisitRow } from './baby-visits';
import { listChildrenOf, type MaternalCase } from './maternal-api';
import type { RecordPage } from './maternal-form-tab';
import { BABY_VISIT } from './maternal-messages';

const NO_PREFILL: FormValuesMap = {};
const STORE = { listPath: followupStore.listPath, submitPath: BABY_VISIT.submitPath };

export interface MaternalBabyVisitsProps {
  RecordPage: RecordPage;
  c: MaternalCase;
  onDirtyChange: (dirty: boolean) => void;
  /** The shell's leave guard: going back to the list with a visit not saved asks first. */
  leave: (go: () => void) => void;
}

/** One baby's visits: the record page (the archive page's follow-up page) over the baby's own archive and child case. */
function BabyVisitPage({
  RecordPage,
  baby,
  onDirtyChange,
  onBack,
  onSaved,
}: {
  RecordPage: RecordPage;
  baby: MaternalCase;
  onDirtyChange: (dirty: boolean) => void;
  onBack: () => void;
  onSaved: (record: FollowupRecord) => void;
}) {
  const { data: archive, error } = useSWR(['commuserarchives/detail', baby.archId], ([, id]) => getArchive(id), {
    revalidateOnFocus: false,
  });
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="baby-visit-page">
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <Button onClick={onBack} data-testid="baby-visit-back">
          返回列表
        </Button>
        <Typography.Text strong>
          新生儿：{baby.personName}（出生日期 {baby.birthDate ?? '-'}）
        </Typography.Text>
      </Flex>
      {error ? (
        <Alert type="error" showIcon message={(error as Error).message || '新生儿的居民档案读取失败'} />
      ) : archive ? (
        <div style={{ flex: 1, minHeight: 360 }}>
          <RecordPage
            formCode={BABY_VISIT.formCode}
            archive={archive}
            archId={baby.archId}
            otherId={baby.id}
            store={STORE}
            prefill={NO_PREFILL}
            kind="child"
            title={BABY_VISIT.label}
            tabBar={false}
            addRefusal={babyAddRefusal(baby)}
            onDirtyChange={onDirtyChange}
            onRecordSaved={onSaved}
          />
        </div>
      ) : null}
    </Flex>
  );
}

/**
 * The maternal shell's 新生儿访视 tab (docs/decisions/0043): the newborn home visits of this
 * pregnancy's babies (list-maternal-children-visits), and a baby's own visits to open or add one,
 * saved by save-maternal-children-visits under the baby's child case. A baby is this pregnancy's
 * when its child case (儿童档案, 新生儿建档) names her as mother and it was born on or after the LMP.
 */
export function MaternalBabyVisits({ RecordPage, c, onDirtyChange, leave }: MaternalBabyVisitsProps) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const children = useSWR(['maternal-children', c.archId], ([, archId]) => listChildrenOf(archId), { revalidateOnFocus: false });
  const visits = useSWR(
    ['maternal-children-visits', c.archId, c.id],
    async ([, archId, otherId]) => newestFirst(await getData<FollowupRecord[]>(BABY_VISIT.listPath, { params: { archId, otherId } })),
    { revalidateOnFocus: false },
  );
  const babies = useMemo(() => babiesOfPregnancy(children.data ?? [], c.lastMenstrualPeriod), [children.data, c.lastMenstrualPeriod]);
  const rows = useMemo(() => babyVisitRows(visits.data ?? [], babies), [visits.data, babies]);
  const open = babies.find((b) => b.id === openId);
  if (open) {
    return (
      <BabyVisitPage
        key={open.id}
        RecordPage={RecordPage}
        baby={open}
        onDirtyChange={onDirtyChange}
        onSaved={() => void visits.mutate()}
        onBack={() =>
          leave(() => {
            onDirtyChange(false);
            setOpenId(undefined);
          })
        }
      />
    );
  }
  const failed = (children.error ?? visits.error) as Error | undefined;
  const pick = chosen && babies.some((b) => b.id === chosen) ? chosen : babies[0]?.id;
  return (
    <Flex vertical gap={8} style={{ padding: '0 0 16px' }} data-testid="baby-visits">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>本次妊娠新生儿家庭访视记录</Typography.Text>
        <Flex gap={8}>
          <Select
            style={{ width: 240 }}
            placeholder="选择新生儿"
            value={pick}
            onChange={setChosen}
            options={babies.map((b) => ({ value: b.id, label: `${b.personName}（${b.birthDate ?? '-'}）` }))}
            data-testid="baby-select"
            notFoundContent="暂无新生儿"
          />
          <Button type="primary" disabled={!pick} onClick={() => setOpenId(pick)} data-testid="baby-visit-add">
            新增访视
          </Button>
        </Flex>
      </Flex>
      {failed && <Alert type="error" showIcon message={failed.message || '新生儿访视记录读取失败'} />}
      {children.data && babies.length === 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="baby-visits-no-baby"
          message="本次妊娠尚无新生儿的儿童档案"
          description="请先在儿童档案中为新生儿建档（母亲选择本孕产妇），再记录新生儿访视。"
        />
      )}
      <Table<BabyVisitRow>
        rowKey="id"
        size="small"
        bordered
        loading={visits.isLoading || children.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新生儿访视记录" /> }}
        columns={[
          { title: '新生儿', dataIndex: 'babyName' },
          { title: '出生日期', dataIndex: 'birthDate', width: 120 },
          { title: '访视日期', dataIndex: 'visitDate', width: 120 },
          { title: '日龄(天)', dataIndex: 'ageDays', width: 90 },
          { title: '下次随访日期', dataIndex: 'nextVisitDate', width: 130 },
          { title: '随访医生', dataIndex: 'doctor', width: 120 },
          {
            title: '操作',
            width: 80,
            render: (_, row) =>
              babies.some((b) => b.id === row.babyId) ? (
                <Typography.Link onClick={() => setOpenId(row.babyId)}>查看</Typography.Link>
              ) : null,
          },
        ]}
      />
    </Flex>
  );
}
