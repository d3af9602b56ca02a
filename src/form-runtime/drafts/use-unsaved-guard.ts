import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';

export const CLOSE_TITLE = '警告';
export const CLOSE_WARNING = '关闭后，数据将不被保存，请确认是否关闭？';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** The close confirmation (001 §8): resolves true when the user agrees to close. */
export function confirmDiscard(modal: ModalApi): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: CLOSE_TITLE,
      content: CLOSE_WARNING,
      okText: '确定',
      cancelText: '取消',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Handed to <SchemaForm guard={…}>: the form reports whether closing would lose changes. */
export interface UnsavedGuard {
  report: (dirty: boolean) => void;
}

/**
 * Whether changes would really be lost (the inputs differ from what was opened or last saved),
 * and the close confirmation that asks only then.
 */
export function useUnsavedGuard(): { guard: UnsavedGuard; dirty: boolean; confirmClose: () => Promise<boolean> } {
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  const guard = useMemo<UnsavedGuard>(() => ({ report: setDirty }), []);
  const confirmClose = useCallback(() => (dirty ? confirmDiscard(modal) : Promise.resolve(true)), [dirty, modal]);
  return { guard, dirty, confirmClose };
}
