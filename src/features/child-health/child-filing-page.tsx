import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { CaseFilters } from '../../components/case-filters';
import { childAgeDisplay } from '../../engine';
import { listChildCases, type ChildCase, type ChildCasePage } from './child-api';
import { ChildFilingDialog } from './child-filing-dialog';
import { childDetailPath, growthChartPath } from './child-paths';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '查询失败';
const SEX: Record<string, string> = { '1': '男', '2': '女', '9': '未说明', '0': '未知' };
const PAGE_SIZE = 20;
const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * /publichealthwork/children — 儿童建档 (spec 001 §2 "children (child filing)"): the children filed
 * in 0～6岁儿童健康管理 with their age as the spec displays it (days under 28 days, months under 36,
 * then years), 新生儿建档, and each child's way into its archive, its newborn visit, its exams and its
 * growth chart. The filters are the page's own state, not the address: a tab is its full path
 * (spec 000 §3), so a filter in the address would open a second 儿童档案 tab. `?keyword=` on arrival
 * (a link naming a child) starts the search with it.
 */
export function ChildFilingPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [data, setData] = useState<ChildCasePage | null>(null);
  const [error, setError] = useState('');
  const [filing, setFiling] = useState(false);
  const [filters, setFilters] = useState<Record<string, string>>(() => {
    const keyword = search.get('keyword');
    const start: Record<string, string> = {};
    if (keyword) start.keyword = keyword;
    return start;
  });
  const current = Number(filters.current) || 1;

  const load = useCallback(() => {
    setError('');
    listChildCases({ size: PAGE_SIZE, ...filters, current })
      .then(setData)
      .catch((e) => setError(errorText(e)));
  }, [filters, current]);
  useEffect(load, [load]);

  const setFilter = (key: string, value: string | undefined) =>
    setFilters((old) => {
      const next = { ...old };
      if (value) next[key] = value;
      else delete next[key];
      // A new filter starts again from its first page.
      if (key !== 'current') delete next.current;
      return next;
    });

  return (
    <Flex vertical gap={12} style={{ padding: 16, background: '#fff' }} data-testid="child-list">
      <Flex justify="space-between" wrap gap={8}>
        <CaseFilters keyword={filters.keyword} status={filters.status} onFilter={setFilter} />
        <Button type="primary" onClick={() => setFiling(true)}>
          新生儿建档
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon message={error} />}
      <Table<ChildCase>
        rowKey="id"
        size="small"
        dataSource={data?.records ?? []}
        loading={!data && !error}
        pagination={{
          total: data?.total ?? 0,
          pageSize: PAGE_SIZE,
          current,
          showSizeChanger: false,
          onChange: (p) => setFilter('current', String(p)),
        }}
        columns={[
          {
            title: '姓名',
            render: (_, c) => (
              <Typography.Link onClick={() => navigate(childDetailPath(c.archId, 'healtharchive', c.personName))}>
                {c.personName}
              </Typography.Link>
            ),
          },
          { title: '性别', render: (_, c) => SEX[c.childSex] ?? SEX[c.sex] ?? '-' },
          { title: '出生日期', dataIndex: 'birthDate' },
          { title: '月龄/年龄', render: (_, c) => (c.status === '1' ? (childAgeDisplay(c.birthDate, today()) ?? '-') : '-') },
          { title: '出生体重(kg)', render: (_, c) => c.birthWeight ?? '-' },
          { title: '高危儿', render: (_, c) => (c.highRisk === 1 ? <Tag color="red">高危</Tag> : '-') },
          {
            title: '状态',
            render: (_, c) => <Tag color={c.status === '1' ? 'green' : c.status === '3' ? 'default' : 'blue'}>{c.statusText}</Tag>,
          },
          { title: '责任医生', render: (_, c) => c.doctorName || '-' },
          { title: '建档日期', render: (_, c) => c.createTime.slice(0, 10) },
          {
            title: '操作',
            render: (_, c) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => navigate(childDetailPath(c.archId, 'childnewbornvisit', c.personName))}>
                  新生儿访视
                </Typography.Link>
                <Typography.Link onClick={() => navigate(childDetailPath(c.archId, 'childexam1to8', c.personName))}>
                  健康检查
                </Typography.Link>
                {/* All the child's exams: the archive's form pages save them without the case's otherId. */}
                <Typography.Link onClick={() => navigate(growthChartPath(c.archId, undefined, c.personName))}>生长曲线</Typography.Link>
              </Space>
            ),
          },
        ]}
      />
      <ChildFilingDialog
        open={filing}
        onClose={() => setFiling(false)}
        onFiled={() => {
          setFiling(false);
          load();
        }}
        onOpenFiled={(c) => navigate(childDetailPath(c.archId, 'healtharchive', c.personName))}
      />
    </Flex>
  );
}
