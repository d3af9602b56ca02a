import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { getMaternalValid, listCasesOfResident, type MaternalCase } from './maternal-api';
import { RISK_COLORS } from './maternal-messages';
import { shellHref } from './maternal-links';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '查询失败';

/**
 * The woman's 孕产妇管理 page on her archive (spec 001 line 22: the archive's maternal tag leads to
 * the maternal shell): her pregnancies, each opening the shell, and 新建孕产妇档案 while she may be
 * filed. The shell is opened with `#nav_name=` this page, so its 关闭 comes back here.
 */
export function MaternalArchiveEntry({ archId }: { archId: string }) {
  const navigate = useNavigate();
  const [cases, setCases] = useState<MaternalCase[]>();
  const [valid, setValid] = useState<{ valid: boolean; reason: string }>();
  const [error, setError] = useState('');
  useEffect(() => {
    listCasesOfResident(archId).then(
      (page) => setCases(page.records),
      (e) => setError(errorText(e)),
    );
    getMaternalValid(archId).then(setValid, () => undefined);
  }, [archId]);
  const here = () => `${window.location.pathname}${window.location.search}`;
  const open = (c: MaternalCase) =>
    navigate(shellHref({ archId, otherId: c.id, lastMenstrualPeriod: c.lastMenstrualPeriod, navName: here() }));
  return (
    <Card
      size="small"
      title="孕产妇管理"
      style={{ margin: 12 }}
      extra={
        valid?.valid && (
          <Button
            type="primary"
            onClick={() => navigate(shellHref({ archId, tab: 'maternalArchive', navName: here() }))}
            data-testid="maternal-entry-file"
          >
            新建孕产妇档案
          </Button>
        )
      }
      data-testid="maternal-entry"
    >
      {error && <Alert type="error" showIcon message={error} />}
      <Table<MaternalCase>
        rowKey="id"
        size="small"
        pagination={false}
        loading={cases === undefined && !error}
        dataSource={cases ?? []}
        locale={{ emptyText: '暂无孕产妇档案' }}
        onRow={(c) => ({ onClick: () => open(c), style: { cursor: 'pointer' } })}
        columns={[
          { title: '孕产妇档案号', render: (_, c) => c.pregnantBookId || '-' },
          { title: '末次月经', dataIndex: 'lastMenstrualPeriod' },
          { title: '预产期', dataIndex: 'dateOfPrenatal' },
          { title: '孕产次', render: (_, c) => `G${c.gravidity ?? '-'}P${c.parity ?? '-'}` },
          {
            title: '风险',
            render: (_, c) =>
              RISK_COLORS[c.riskColor] ? <Tag color={RISK_COLORS[c.riskColor]!.color}>{RISK_COLORS[c.riskColor]!.text}</Tag> : '-',
          },
          { title: '状态', dataIndex: 'statusText' },
          {
            title: '操作',
            render: (_, c) => (
              <Button type="link" size="small" data-testid="maternal-entry-open">
                {c.status === '1' ? '打开' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {valid && !valid.valid && valid.reason && !cases?.some((c) => c.status === '1') && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon message={valid.reason} />
      )}
    </Card>
  );
}
