import { useState, useSyncExternalStore } from 'react';
import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Tooltip } from 'antd';
import { readErrorLog, subscribeErrorLog } from '../../api/error-log';
import { ErrorLogPage } from '../../features/error-log/error-log-page';
import { LOG_BADGE_MAX } from '../../shared/config';
import { useMessages } from '../../shared/i18n/i18n-context';
import { shellMessages } from './shell-messages';

/** The debug-log badge (spec §2, §9): the local error count, at most 99+, opening the full-screen 日志 dialog. */
export function LogBadge({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const count = useSyncExternalStore(subscribeErrorLog, () => readErrorLog().length);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={m.log}>
        <Badge count={count} overflowCount={LOG_BADGE_MAX} size="small" offset={[-4, 4]}>
          <Button type="text" aria-label={m.log} icon={<BugOutlined />} onClick={() => setOpen(true)} style={{ color }} />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={m.log}
        footer={null}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        width="100vw"
        style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
        styles={{ content: { minHeight: '100vh', borderRadius: 0 } }}
      >
        <ErrorLogPage />
      </Modal>
    </>
  );
}
