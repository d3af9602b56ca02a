import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { logoutEverywhere } from './session-actions';
import { shellMessages } from './shell-messages';

/** Logout after a confirmation; the session ends even when the server call fails (spec §4). */
export function LogoutButton({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const { modal } = App.useApp();
  const onClick = () =>
    modal.confirm({
      title: m.logoutConfirm,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: () => logoutEverywhere(),
    });
  return (
    <Tooltip title={m.logout}>
      <Button type="text" aria-label={m.logout} icon={<LogoutOutlined />} onClick={onClick} style={{ color }} />
    </Tooltip>
  );
}
