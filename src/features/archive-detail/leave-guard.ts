import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router-dom';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

/**
 * Drafts are encrypted with Web Crypto (form-runtime/drafts); a page served over plain HTTP to
 * another machine has none, and then nothing is kept.
 */
const draftsKept = (): boolean => globalThis.crypto?.subtle !== undefined;

/**
 * The one leave confirmation of a follow-up page (spec 001 §8, title 警告), asked only when the
 * form reports changes not yet saved, and saying what really happens to them: they are not
 * submitted, and are kept as an encrypted draft in this window that the form offers back when it
 * is opened again (issue 17: the old words, 数据将不被保存, were not true). Every way out asks the
 * same — see src/app/README.md, "Leaving a form with unsaved changes": `leave(go)` for the ways
 * out inside the page (another record, 新增, the archive menu, 关闭), and useHoldNavigation for
 * every other navigation away from the page.
 */
export function useLeaveGuard() {
  const m = useMessages(followupMessages);
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const confirm = useCallback(
    (onLeave: () => void, onStay: () => void = () => undefined) => {
      modal.confirm({
        title: m.closeTitle,
        content: draftsKept() ? m.closeConfirm : m.closeConfirmNoDraft,
        okText: m.ok,
        cancelText: m.cancel,
        onOk: () => {
          dirty.current = false;
          onLeave();
        },
        onCancel: onStay,
      });
    },
    [m, modal],
  );

  const leave = useCallback(
    (go: () => void) => {
      if (dirty.current) confirm(go);
      else go();
    },
    [confirm],
  );

  return { setDirty, leave, dirty, confirm };
}

/**
 * Holds any navigation that leaves the page (another path or query: the tab's ×, another tab,
 * 返回列表, the sidebar, the browser's back) while the guard's form is dirty, and asks the guard's
 * question; 确定 goes on, 取消 stays. A router keeps one blocker only: call this once per page.
 */
export function useHoldNavigation({ dirty, confirm }: Pick<ReturnType<typeof useLeaveGuard>, 'dirty' | 'confirm'>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked)
      confirm(
        () => blocker.proceed?.(),
        () => blocker.reset?.(),
      );
    // Once per held navigation; the blocker object changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
}
