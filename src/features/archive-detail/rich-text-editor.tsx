import { useEffect, useRef } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useMessages } from '../../shared/i18n/i18n-context';
import { messagePanelMessages } from './message-panel-messages';
import { cleanHtml } from './message-sanitize';

/**
 * A small rich-text editor: a contentEditable area with a toolbar (bold, italic, underline, lists,
 * clear). No editor package is installed and the messages need only this much formatting (decision
 * 0040). What it is given is cleaned before it is put into the page, what it hands out is cleaned
 * again (DOMPurify both ways); a paste arrives as plain text, so no foreign markup enters at all.
 */
export function RichTextEditor({
  value,
  onChange,
  minHeight = 140,
}: {
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
}) {
  const m = useMessages(messagePanelMessages);
  const area = useRef<HTMLDivElement>(null);
  // The editor owns its DOM while typing; only a value from outside (a template, a restored version) is written in.
  const last = useRef<string>('');
  useEffect(() => {
    const el = area.current;
    if (el && value !== last.current) {
      const clean = cleanHtml(value);
      el.innerHTML = clean;
      last.current = value;
    }
  }, [value]);
  const emit = () => {
    const html = cleanHtml(area.current?.innerHTML ?? '');
    last.current = html;
    onChange(html);
  };
  const command = (name: string) => () => {
    area.current?.focus();
    // execCommand is deprecated but is still what every browser implements for contentEditable formatting.
    document.execCommand(name);
    emit();
  };
  const tools = [
    { key: 'bold', icon: <BoldOutlined />, label: m.bold },
    { key: 'italic', icon: <ItalicOutlined />, label: m.italic },
    { key: 'underline', icon: <UnderlineOutlined />, label: m.underline },
    { key: 'insertUnorderedList', icon: <UnorderedListOutlined />, label: m.bullets },
    { key: 'insertOrderedList', icon: <OrderedListOutlined />, label: m.numbers },
    { key: 'removeFormat', icon: <ClearOutlined />, label: m.clear },
  ];
  return (
    <Flex vertical style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Flex gap={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', background: '#fafafa' }} role="toolbar">
        {tools.map((t) => (
          <Tooltip key={t.key} title={t.label}>
            <Button
              type="text"
              size="small"
              icon={t.icon}
              aria-label={t.label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={command(t.key)}
            />
          </Tooltip>
        ))}
      </Flex>
      <div
        ref={area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={m.editor}
        data-testid="message-editor"
        onInput={emit}
        onBlur={emit}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
        style={{ minHeight, maxHeight: 320, overflow: 'auto', padding: '8px 11px', outline: 'none', lineHeight: 1.6 }}
      />
    </Flex>
  );
}
