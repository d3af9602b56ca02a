import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Tabs, Timeline, Tooltip, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { getFollowupHistory } from '../../api/followups';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import { VoucherPanel } from './voucher-panel';

function Dynamic({ recordId }: { recordId: string | undefined }) {
  const m = useMessages(followupMessages);
  const { data } = useSWR(recordId ? ['followup-history', recordId] : null, ([, id]) => getFollowupHistory(id));
  if (!recordId || !data || data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.dynamicEmpty} />;
  const action = (a: string | undefined) => (a === 'create' ? m.created : a === 'remove' ? m.removed : m.updated);
  return (
    <Timeline
      items={data.map((row) => ({
        children: (
          <Flex vertical>
            <Typography.Text>
              {action(row.action)} · {row.updateUserName ?? ''}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.updateTime ?? ''}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}

export interface FollowupSidePanelProps {
  recordId: string | undefined;
  lastRecord: ReactNode;
}

/** Right column (spec 001 §2): collapsible, tabs 1 dynamic, 2 last record, 3 voucher. */
export function FollowupSidePanel({ recordId, lastRecord }: FollowupSidePanelProps) {
  const m = useMessages(followupMessages);
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState('2');
  if (!open) {
    return (
      <Flex
        vertical
        className="fu-no-print"
        style={{ width: 36, flex: 'none', background: '#fff', borderLeft: '1px solid #f0f0f0', alignItems: 'center', paddingTop: 8 }}
      >
        <Tooltip title={m.expand} placement="left">
          <Button type="text" icon={<MenuFoldOutlined />} aria-label={m.expand} onClick={() => setOpen(true)} />
        </Tooltip>
      </Flex>
    );
  }
  return (
    <Flex
      vertical
      className="fu-no-print"
      style={{ width: 300, flex: 'none', background: '#fff', borderLeft: '1px solid #f0f0f0', minHeight: 0 }}
      data-testid="followup-side-panel"
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        style={{ paddingInline: 12, flex: 1, minHeight: 0, overflow: 'auto' }}
        tabBarExtraContent={
          <Tooltip title={m.collapse} placement="left">
            <Button type="text" size="small" icon={<MenuUnfoldOutlined />} aria-label={m.collapse} onClick={() => setOpen(false)} />
          </Tooltip>
        }
        items={[
          { key: '1', label: m.panelDynamic, children: <Dynamic recordId={recordId} /> },
          { key: '2', label: m.panelLast, children: lastRecord },
          { key: '3', label: m.panelVoucher, children: <VoucherPanel recordId={recordId} /> },
        ]}
      />
    </Flex>
  );
}
