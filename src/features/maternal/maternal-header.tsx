import { Avatar, Button, Flex, Space, Tag, Typography } from 'antd';
import { CopyValue, HeaderItem as Item } from '../../components/header-items';
import { dueDateFromLmp, gestationAt, gestationText } from '../../engine';
import type { MaternalCase } from './maternal-api';
import { RISK_COLORS } from './maternal-messages';

const today = () => new Date().toISOString().slice(0, 10);

/** The header as spec 001 lists it: gestational weeks and due date made from the LMP with the engine's helpers. */
export function MaternalHeader({ c, onClose }: { c: MaternalCase; onClose: () => void }) {
  const cancelled = c.status === '3';
  const g = c.status === '1' ? gestationAt(c.lastMenstrualPeriod, today()) : null;
  const due = dueDateFromLmp(c.lastMenstrualPeriod);
  const risk = RISK_COLORS[c.riskColor];
  const grey = (color: string) => (cancelled ? 'default' : color);
  return (
    <Flex
      align="center"
      gap={16}
      style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      data-testid="maternal-header"
    >
      <Avatar size={48} style={{ background: cancelled ? '#bfbfbf' : '#eb2f96', flex: 'none' }}>
        {c.personName.slice(0, 1)}
      </Avatar>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Space size={12} wrap>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {c.personName}
          </Typography.Text>
          <Tag color={grey('magenta')}>孕产期</Tag>
          {risk && (
            <Tag color={grey(risk.color)} data-testid="risk-tag">
              {risk.text}
            </Tag>
          )}
          <Tag color={grey(c.status === '1' ? 'blue' : 'default')} data-testid="case-status">
            {c.statusText}
          </Tag>
          {cancelled && <Tag data-testid="cancelled-tag">已注销</Tag>}
        </Space>
        <Space size={16} wrap style={cancelled ? { color: '#999' } : undefined}>
          <Item label="孕产妇档案号">
            <CopyValue value={c.pregnantBookId} />
          </Item>
          <Item label="末次月经">{c.lastMenstrualPeriod ?? '-'}</Item>
          <Item label="当前孕周">
            <span data-testid="gestation">{g ? gestationText(g) : '-'}</span>
          </Item>
          <Item label="预产期">
            <span data-testid="due-date">{due ?? '-'}</span>
          </Item>
          <Item label="孕产次">{`G${c.gravidity ?? '-'}P${c.parity ?? '-'}`}</Item>
          <Item label="身份证号">
            <CopyValue value={c.idCard} />
          </Item>
          <Item label="责任医生">{c.doctorName || '-'}</Item>
          <Item label="管理单位">{c.unitName || '-'}</Item>
          <Item label="条码">
            <CopyValue value={c.barcode} />
          </Item>
        </Space>
      </Flex>
      <Button onClick={onClose} data-testid="maternal-close">
        关闭
      </Button>
    </Flex>
  );
}
