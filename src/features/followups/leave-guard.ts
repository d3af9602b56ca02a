import { useCallback, useRef } from 'react';
import { App } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

/**
 * The close confirmation of spec 001 §8 (警告: 关闭后，数据将不被保存，请确认是否关闭？), asked
 * only when the follow-up form reports changes that would really be lost. Every way out of the
 * form — the header's close, another menu entry, another record, 新增 — goes through `leave`.
 */
export function useLeaveGuard() {
  const m = useMessages(followupMessages);
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const leave = useCallback(
    (go: () => void) => {
      if (!dirty.current) {
        go();
        return;
      }
      modal.confirm({
        title: m.closeTitle,
        content: m.closeConfirm,
        okText: m.ok,
        cancelText: m.cancel,
        onOk: () => {
          dirty.current = false;
          go();
        },
      });
    },
    [m, modal],
  );
  return { setDirty, leave };
}
