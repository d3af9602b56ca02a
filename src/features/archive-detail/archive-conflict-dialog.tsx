import { Alert, Button, Modal, Table, Typography } from 'antd';
import type { ArchiveConflict } from '../../api/archives';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveEditMessages } from './archive-edit-messages';

/** One edited field: what the user typed and what is saved now (after the other person's change). */
export interface ComparedField {
  label: string;
  mine: string;
  theirs: string;
}

interface Props {
  conflict: ArchiveConflict | undefined;
  /** Filled once the user asked to compare (the archive as saved now, read again). */
  compared: ComparedField[] | undefined;
  comparing: boolean;
  onReload: () => void;
  onCompare: () => void;
  onKeepMine: () => void;
  onBack: () => void;
}

/**
 * Shown when saving met someone else's change (409), the way the form designer's conflict dialog
 * is: who changed the archive and when, the user's input still in the edit dialog behind it, and
 * the choice to reload theirs or compare — after comparing, to save theirs over with the user's.
 */
export function ArchiveConflictDialog({ conflict, compared, comparing, onReload, onCompare, onKeepMine, onBack }: Props) {
  const m = useMessages(archiveEditMessages);
  return (
    <Modal
      open={conflict !== undefined}
      title={m.conflictTitle}
      width={640}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="back" onClick={onBack}>
          {m.conflictLater}
        </Button>,
        compared ? (
          <Button key="mine" danger onClick={onKeepMine}>
            {m.conflictKeepMine}
          </Button>
        ) : (
          <Button key="compare" loading={comparing} onClick={onCompare}>
            {m.conflictCompare}
          </Button>
        ),
        <Button key="reload" type="primary" onClick={onReload}>
          {m.conflictReload}
        </Button>,
      ]}
    >
      <div data-testid="archive-conflict-dialog">
        <Alert
          type="warning"
          showIcon
          message={m.conflictText(conflict?.updateUserName ?? '', conflict?.updateTime ?? '')}
          style={{ marginBottom: 8 }}
        />
        <Typography.Paragraph>{m.conflictHint}</Typography.Paragraph>
        {compared && (
          <Table<ComparedField>
            data-testid="archive-conflict-compare"
            size="small"
            pagination={false}
            rowKey="label"
            dataSource={compared}
            columns={[
              { title: m.compareField, dataIndex: 'label', width: 120 },
              { title: m.compareMine, dataIndex: 'mine' },
              { title: m.compareTheirs, dataIndex: 'theirs' },
            ]}
            onRow={(row) => ({ style: row.mine === row.theirs ? {} : { background: '#fff7e6' } })}
          />
        )}
      </div>
    </Modal>
  );
}
