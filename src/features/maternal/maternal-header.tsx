import { Button, Flex, Space, Tag, Typography } from 'antd';
import { CopyValue, HeaderItem as Item } from '../../components/header-items';
import { ageStage, dueDateFromLmp, gestationAt, gestationText } from '../../engine';
import { AvatarUpload } from './avatar-upload';
import type { MaternalCase } from './maternal-api';
import { RISK_COLORS } from './maternal-messages';
import { pregnancyPhase } from './maternal-stage';

const today = () => new Date().toISOString().slice(0, 10);

export interface MaternalHeaderProps {
  c: MaternalCase;
  onClose: () => void;
  /** The resident's photo (the archive's avatar). */
  avatar?: string;
  /** Uploads and saves a new photo; without it the avatar only shows. */
  onAvatar?: (file: File) => Promise<void>;
  /** A death report exists for the case (spec 001 line 24's death flag): shown as 已注销. */
  dead?: boolean;
  /**
   * The resident's archive: its phone (masked as the archive answers it), grid address, and its
   * responsible doctor and team (责任医生 / 管理单位), beside the case's own 妇保医生 and 建档单位.
   */
  resident?: {
    phone: string;
    regionAddress: string;
    doctorName: string;
    teamName: string;
    /** The resident archive's number and its status ('1' 正常; the archive page's tag). */
    archivesNo?: string;
    archivesStatus?: string;
    archivesStatusText?: string;
  };
}

const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };

/**
 * The header as spec 001 line 24 lists it (name, sex, age, the resident archive number with its
 * status, the case's values; numbers, dates and the phone copy on click): gestational weeks (only while the pregnancy is open) and
 * due date made from the LMP with the engine's helpers, the age with its life-stage label, and 已注销
 * with every tag greyed when the case is cancelled or its death flag is set.
 */
export function MaternalHeader({ c, onClose, avatar, onAvatar, dead = false, resident }: MaternalHeaderProps) {
  const cancelled = c.status === '3' || dead;
  const now = today();
  const phase = cancelled ? null : pregnancyPhase(c, now);
  const g = phase === '孕期' ? gestationAt(c.lastMenstrualPeriod, now) : null;
  const due = dueDateFromLmp(c.lastMenstrualPeriod);
  const risk = RISK_COLORS[c.riskColor];
  const stage = ageStage(c.age);
  const grey = (color: string) => (cancelled ? 'default' : color);
  return (
    <Flex
      align="center"
      gap={16}
      style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      data-testid="maternal-header"
    >
      <AvatarUpload src={avatar} name={c.personName} greyed={cancelled} onUpload={onAvatar} />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Space size={12} wrap>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {c.personName}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="maternal-age">
            {c.age !== null ? `${c.age}岁` : '-'}
            {stage ? `（${stage.label}）` : ''}
          </Typography.Text>
          <Typography.Text data-testid="maternal-sex">{SEX_TEXT[c.sex] ?? '未知'}</Typography.Text>
          <Item label="档案编号">
            <span data-testid="resident-archive-no">
              <CopyValue value={resident?.archivesNo} />
            </span>
            {resident?.archivesStatusText && (
              <Tag
                color={grey(resident.archivesStatus === '1' ? 'green' : 'default')}
                style={{ marginInlineStart: 4 }}
                data-testid="resident-archive-status"
              >
                {resident.archivesStatusText}
              </Tag>
            )}
          </Item>
          {phase && (
            <Tag color={grey('magenta')} data-testid="pregnancy-phase">
              {phase}
            </Tag>
          )}
          {risk && (
            <Tag color={grey(risk.color)} data-testid="risk-tag">
              {risk.text}
            </Tag>
          )}
          {cancelled ? (
            <Tag data-testid="case-status">已注销</Tag>
          ) : (
            <Tag color={c.status === '1' ? 'blue' : 'default'} data-testid="case-status">
              {c.statusText}
            </Tag>
          )}
        </Space>
        <Space size={[16, 2]} wrap style={cancelled ? { color: '#999' } : undefined}>
          <Item label="孕产妇档案号">
            <CopyValue value={c.pregnantBookId} />
          </Item>
          <Item label="末次月经">
            <span data-testid="header-lmp">
              <CopyValue value={c.lastMenstrualPeriod} />
            </span>
          </Item>
          <Item label="当前孕周">
            <span data-testid="gestation">{g ? gestationText(g) : '-'}</span>
          </Item>
          <Item label="预产期">
            <span data-testid="due-date">
              <CopyValue value={due} />
            </span>
          </Item>
          <Item label="孕产次">{`G${c.gravidity ?? '-'}P${c.parity ?? '-'}`}</Item>
          <Item label="身份证号">
            <CopyValue value={c.idCard} />
          </Item>
          <Item label="联系电话">
            <span data-testid="header-phone">
              <CopyValue value={resident?.phone} />
            </span>
          </Item>
          <Item label="网格地址">{resident?.regionAddress || '-'}</Item>
          <Item label="妇保医生">{c.doctorName || '-'}</Item>
          <Item label="建档单位">{c.unitName || '-'}</Item>
          <Item label="条码">
            <CopyValue value={c.barcode} />
          </Item>
          <Item label="休养地">
            <CopyValue value={c.restRegion} />
          </Item>
          <Item label="责任医生">{resident?.doctorName || '-'}</Item>
          <Item label="管理单位">{resident?.teamName || '-'}</Item>
        </Space>
      </Flex>
      <Button onClick={onClose} data-testid="maternal-close">
        关闭
      </Button>
    </Flex>
  );
}
