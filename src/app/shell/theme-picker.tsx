import { useState } from 'react';
import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip } from 'antd';
import { useThemeChoice } from '../../components/theme/theme-context';
import { ThemePickerPanel } from '../../components/theme/theme-picker-panel';
import { useMessages } from '../../shared/i18n/i18n-context';
import { shellMessages } from './shell-messages';

/** The theme icon and its 选择 dialog (spec §2): a choice applies at once and is remembered. */
export function ThemePicker({ color }: { color: string }) {
  const m = useMessages(shellMessages);
  const { name, colour, setTheme } = useThemeChoice();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={m.theme}>
        <Button type="text" aria-label={m.theme} icon={<BgColorsOutlined />} onClick={() => setOpen(true)} style={{ color }} />
      </Tooltip>
      <Modal open={open} title={m.chooseTheme} footer={null} maskClosable={false} onCancel={() => setOpen(false)} width={600}>
        <ThemePickerPanel name={name} colour={colour} onChange={setTheme} />
      </Modal>
    </>
  );
}
