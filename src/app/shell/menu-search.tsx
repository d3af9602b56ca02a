import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, List, Modal, Typography, type InputRef } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { menuIcon } from './menu-icon';
import { opensNewWindow, searchMenus } from './menu-rules';
import { shellMessages } from './shell-messages';

export interface MenuSearchProps {
  open: boolean;
  onClose: () => void;
  menus: readonly MenuItem[] | undefined;
}

/**
 * The menu-search overlay (spec §2): leaf entries filtered as you type — any part of the name, path
 * or code — with the matches listed under the field (Enter takes the first); Esc closes; choosing
 * an entry opens its route. One list rather than a dropdown over a list: nothing hides anything.
 * The field has the focus as soon as the dialog opens, so the user types at once.
 */
export function MenuSearch({ open, onClose, menus }: MenuSearchProps) {
  const m = useMessages(shellMessages);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const found = useMemo(() => searchMenus(menus ?? [], text), [menus, text]);
  const input = useRef<InputRef>(null);

  const close = () => {
    setText('');
    onClose();
  };
  // Esc closes wherever the focus is (antd's own Esc handling needs the focus inside the dialog).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setText('');
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // autoFocus alone loses: the field mounts inside the modal's portal before the modal is shown,
  // and the modal then focuses its own frame. Once the field is in the page, it takes the focus;
  // the modal leaves a focus already inside it alone (rc-dialog's focusDialogContent).
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);

  const choose = (item: MenuItem | undefined) => {
    if (!item) return;
    close();
    if (opensNewWindow(item)) window.open(item.path, '_blank', 'noopener');
    else navigate(item.path);
  };

  return (
    <Modal
      open={open}
      title={m.searchMenu}
      footer={<Typography.Text type="secondary">{m.searchHint}</Typography.Text>}
      onCancel={close}
      keyboard
      maskClosable={false}
      destroyOnHidden
      width={560}
    >
      <Input.Search
        ref={input}
        aria-label={m.searchMenu}
        placeholder={m.searchPlaceholder}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={() => choose(found[0])}
      />
      <div role="listbox" aria-label={m.searchMenu} style={{ marginTop: 12, maxHeight: 360, overflow: 'auto' }}>
        <List
          size="small"
          dataSource={found}
          locale={{ emptyText: m.searchEmpty }}
          renderItem={(item) => (
            <List.Item
              role="option"
              aria-selected={false}
              aria-label={item.name}
              style={{ cursor: 'pointer', paddingInline: 8 }}
              onClick={() => choose(item)}
            >
              <List.Item.Meta
                avatar={menuIcon(item.source)}
                title={item.name}
                description={
                  <>
                    {item.path}
                    {item.code ? <Typography.Text type="secondary"> · {String(item.code)}</Typography.Text> : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </div>
    </Modal>
  );
}
