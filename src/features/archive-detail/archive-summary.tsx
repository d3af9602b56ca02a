import { useState } from 'react';
import { Button, Card, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import { useSearchParams } from 'react-router-dom';
import type { ArchiveRecord } from '../../api/archives';
import { useMessages } from '../../shared/i18n/i18n-context';
import { ArchiveHistoryCard, archiveHistoryKey } from './archive-history-card';
import { FamilyCard } from './family-card';
import { archiveEditMessages } from './archive-edit-messages';
import { EditArchiveDialog } from './edit-archive-dialog';
import { followupMessages } from './followup-messages';
import { maskIdCard } from '../../shared/id-card-mask';

/**
 * The health-archive entry of the left menu: the archive's own facts, an edit dialog for them
 * (carrying the version read, issue 22 §6), the resident's family (issue 31) and the archive's
 * change history below.
 */
export function ArchiveSummary({ archive, onChanged }: { archive: ArchiveRecord; onChanged?: () => void }) {
  const m = useMessages(followupMessages);
  const e = useMessages(archiveEditMessages);
  const { mutate } = useSWRConfig();
  // ?edit=1 (编辑档案's address, decision 0050): the page opens with the edit dialog.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(() => onChanged !== undefined && params.get('edit') === '1');
  const archId = archive.archId ?? archive.id;
  const sex = archive.sex === '1' ? m.male : archive.sex === '2' ? m.female : '';
  return (
    <>
      <Card
        title={m.summaryTitle}
        style={{ margin: 16 }}
        extra={
          onChanged && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {e.edit}
            </Button>
          )
        }
      >
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={m.archivesNo}>{archive.archivesNo}</Descriptions.Item>
          <Descriptions.Item label={m.idCard}>{maskIdCard(archive.idCard)}</Descriptions.Item>
          <Descriptions.Item label={m.birthday}>{archive.birthday}</Descriptions.Item>
          <Descriptions.Item label={m.age}>
            {sex} {archive.age !== undefined && archive.age !== '' ? m.ageYears(archive.age) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={m.phone}>{archive.phone}</Descriptions.Item>
          <Descriptions.Item label={m.address}>{archive.homeAddress}</Descriptions.Item>
          <Descriptions.Item label={m.doctor}>{archive.doctorName}</Descriptions.Item>
          <Descriptions.Item label={m.team}>{archive.teamName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <FamilyCard archId={archId} />
      <ArchiveHistoryCard archId={archId} />
      {onChanged && (
        <EditArchiveDialog
          archive={archive}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
            void mutate(archiveHistoryKey(archId));
          }}
        />
      )}
    </>
  );
}
