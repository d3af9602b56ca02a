import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Alert, Button, DatePicker, Flex, Select, Table, Tag } from 'antd';
import { CaseFilters } from '../../components/case-filters';
import { listMaternalCases, type CasePage, type MaternalCase } from './maternal-api';
import { MaternalFilingDialog, type ResidentPicker } from './maternal-filing-dialog';
import { shellHref } from './maternal-links';
import { RISK_COLORS } from './maternal-messages';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '操作失败';

/**
 * The maternal management list (spec 001 line 16), the shell's close target. With the app's resident
 * picker handed in, 新增建档 files a pregnancy: pick the woman, the shell opens on 孕产妇档案.
 */
export function MaternalListPage({ ResidentPicker }: { ResidentPicker?: ResidentPicker }) {
  const [filing, setFiling] = useState(false);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [data, setData] = useState<CasePage | null>(null);
  const [error, setError] = useState('');
  const filters = useMemo(() => Object.fromEntries(search.entries()), [search]);
  const load = useCallback(() => {
    listMaternalCases({ current: 1, size: 20, ...filters })
      .then(setData)
      .catch((e) => setError(errorText(e)));
  }, [filters]);
  useEffect(load, [load]);
  // Several filters at once (a date range's two ends) in one change of the address.
  const setFilters = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A new filter starts again from its first page.
    if (!('current' in changes)) next.delete('current');
    setSearch(next, { replace: true });
  };
  const setFilter = (key: string, value: string | undefined) => setFilters({ [key]: value });
  const rememberList = () => sessionStorage.setItem('maternal-list-url', `${window.location.pathname}${window.location.search}`);
  const open = (c: MaternalCase) => {
    rememberList();
    navigate(shellHref({ archId: c.archId, otherId: c.id, lastMenstrualPeriod: c.lastMenstrualPeriod }));
  };
  const file = (archId: string) => {
    rememberList();
    navigate(shellHref({ archId, tab: 'maternalArchive' }));
  };
  return (
    <Flex vertical gap={12} style={{ padding: 16, background: '#fff' }} data-testid="maternal-list">
      <Flex justify="space-between" align="start" gap={12}>
        <CaseFilters keyword={filters.keyword} status={filters.status} onFilter={setFilter}>
          <Select
            placeholder="风险颜色"
            allowClear
            style={{ width: 150 }}
            value={filters.riskColor}
            onChange={(v) => setFilter('riskColor', v)}
            options={Object.entries(RISK_COLORS).map(([value, r]) => ({ value, label: r.text }))}
          />
          <DatePicker.RangePicker
            placeholder={['预产期起', '预产期止']}
            value={[filters.dueStart ? dayjs(filters.dueStart) : null, filters.dueEnd ? dayjs(filters.dueEnd) : null]}
            onChange={(range) => setFilters({ dueStart: range?.[0]?.format('YYYY-MM-DD'), dueEnd: range?.[1]?.format('YYYY-MM-DD') })}
            allowEmpty={[true, true]}
          />
        </CaseFilters>
        {ResidentPicker && (
          <Button type="primary" onClick={() => setFiling(true)} data-testid="maternal-file-new">
            新增建档
          </Button>
        )}
      </Flex>
      {ResidentPicker && (
        <MaternalFilingDialog open={filing} ResidentPicker={ResidentPicker} onCancel={() => setFiling(false)} onOpen={file} />
      )}
      {error && <Alert type="error" showIcon message={error} />}
      <Table<MaternalCase>
        rowKey="id"
        size="small"
        dataSource={data?.records ?? []}
        pagination={{
          total: data?.total ?? 0,
          pageSize: 20,
          current: Number(filters.current) || 1,
          showSizeChanger: false,
          onChange: (p) => setFilter('current', String(p)),
        }}
        onRow={(c) => ({ onClick: () => open(c), style: { cursor: 'pointer' } })}
        columns={[
          { title: '姓名', dataIndex: 'personName' },
          { title: '年龄', dataIndex: 'age' },
          { title: '孕产妇档案号', dataIndex: 'pregnantBookId' },
          { title: '末次月经', dataIndex: 'lastMenstrualPeriod' },
          { title: '当前孕周', render: (_, c) => (c.gestation ? c.gestation.text : '-') },
          { title: '预产期', dataIndex: 'dateOfPrenatal' },
          { title: '孕产次', render: (_, c) => `G${c.gravidity ?? '-'}P${c.parity ?? '-'}` },
          {
            title: '风险',
            render: (_, c) =>
              RISK_COLORS[c.riskColor] ? <Tag color={RISK_COLORS[c.riskColor]!.color}>{RISK_COLORS[c.riskColor]!.text}</Tag> : '-',
          },
          { title: '状态', dataIndex: 'statusText' },
          { title: '责任医生', dataIndex: 'doctorName' },
        ]}
      />
    </Flex>
  );
}
