import { Card, Descriptions } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import { maskIdCard } from './mask';

/** The health-archive entry of the left menu: the archive's own facts, read-only. */
export function ArchiveSummary({ archive }: { archive: ArchiveRecord }) {
  const m = useMessages(followupMessages);
  const sex = archive.sex === '1' ? m.male : archive.sex === '2' ? m.female : '';
  return (
    <Card title={m.summaryTitle} style={{ margin: 16 }}>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={m.archivesNo}>{archive.archivesNo}</Descriptions.Item>
        <Descriptions.Item label={m.idCard}>{maskIdCard(archive.idCard)}</Descriptions.Item>
        <Descriptions.Item label={m.birthday}>{archive.birthday}</Descriptions.Item>
        <Descriptions.Item label={m.age}>{sex} {archive.age !== undefined && archive.age !== '' ? m.ageYears(archive.age) : ''}</Descriptions.Item>
        <Descriptions.Item label={m.phone}>{archive.phone}</Descriptions.Item>
        <Descriptions.Item label={m.address}>{archive.homeAddress}</Descriptions.Item>
        <Descriptions.Item label={m.doctor}>{archive.doctorName}</Descriptions.Item>
        <Descriptions.Item label={m.team}>{archive.teamName}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
