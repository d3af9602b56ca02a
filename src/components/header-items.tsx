import type { ReactNode } from 'react';
import { App, Tooltip, Typography } from 'antd';
import { copyText } from './copy-text';

/** The words of a click-to-copy value; Chinese unless the page passes its language's. */
export interface CopyWords {
  clickToCopy: string;
  copied: string;
  copyFailed: string;
}
const ZH: CopyWords = { clickToCopy: '点击复制', copied: '复制成功', copyFailed: '复制失败' };

/**
 * A header value that copies on click (spec 001: archive and ID numbers, the maternal archive number,
 * the barcode): the value the server sent, though the screen may show it otherwise (`shown`, masked).
 */
export function CopyValue({ value, shown, words = ZH }: { value: string | null | undefined; shown?: string; words?: CopyWords }) {
  const { message } = App.useApp();
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  const onClick = async () => {
    if (await copyText(value)) message.success(words.copied);
    else message.error(words.copyFailed);
  };
  return (
    <Tooltip title={words.clickToCopy}>
      <Typography.Link onClick={() => void onClick()} data-testid="copy-value">
        {shown ?? value}
      </Typography.Link>
    </Tooltip>
  );
}

/** A labelled header value: 「label：value」 on one line. */
export function HeaderItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {children}
    </span>
  );
}
