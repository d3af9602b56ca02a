import { useEffect, useState } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { shellMessages } from './shell-messages';

/** Full-screen toggle (spec §2); follows Esc / F11 exits too, through fullscreenchange. */
export function FullscreenButton({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const label = full ? m.exitFullscreen : m.fullscreen;
  const toggle = () => {
    // Browsers may refuse (no user gesture, iframe policy): then nothing changes, which is fine.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        style={{ color }}
      />
    </Tooltip>
  );
}
