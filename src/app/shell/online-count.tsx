import { TeamOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { useOnlineCount } from '../session/online-count';
import { shellMessages } from './shell-messages';

/** Users online in this institution, as the session clock last polled it; nothing before the first answer. */
export function OnlineCount({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const count = useOnlineCount();
  if (count === undefined) return null;
  return (
    <Tooltip title={m.onlineCountTip}>
      <span data-testid="online-count" style={{ color, whiteSpace: 'nowrap', padding: '0 6px' }}>
        <TeamOutlined /> {m.onlineCount(count)}
      </span>
    </Tooltip>
  );
}
