import { Tag } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { designerMessages } from './designer-messages';
import type { WorkingStatus } from './document-utils';

const COLOURS: Record<WorkingStatus, string> = { unpublished: 'default', published: 'green', changed: 'orange' };

/** 未发布 / 已发布 / 有未发布修改: the working copy against the latest version. */
export function StatusTag({ status }: { status: WorkingStatus }) {
  const m = useMessages(designerMessages);
  return (
    <Tag color={COLOURS[status]} data-status={status}>
      {m[status]}
    </Tag>
  );
}
