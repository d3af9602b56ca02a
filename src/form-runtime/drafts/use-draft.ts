import { App } from 'antd';
import { useEffect } from 'react';
import type { FormValues } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import type { RuntimeStatus } from '../schema-form/engine-runtime';
import { clearDraft, loadDraft, saveDraft, type DraftScope } from './draft-store';

const SAVE_DELAY_MS = 600;

const stamp = (d: Date): string => `${d.toLocaleDateString('zh-CN')} ${d.toTimeString().slice(0, 8)}`;

/**
 * Keeps unsaved inputs as an encrypted draft while the user types, and offers a found draft back
 * once (恢复草稿?). A form with no unsaved changes has no draft: `unsaved()` is asked when the
 * write is due and gives undefined once the inputs equal the saved baseline (a save in between),
 * and the store drops a write that a clear overtook while it was encrypting.
 */
export function useDraft(
  scope: DraftScope | undefined,
  status: RuntimeStatus,
  unsaved: () => FormValues | undefined,
  onRestore: (values: FormValues) => void,
  offerOnMount: boolean,
): void {
  const { modal } = App.useApp();
  const m = useMessages(formRuntimeMessages);
  const scopeKey = scope ? JSON.stringify(scope) : '';

  useEffect(() => {
    if (!scope || !offerOnMount) return;
    let cancelled = false;
    void loadDraft(scope).then((draft) => {
      if (cancelled || !draft) return;
      modal.confirm({
        title: m.restoreDraftTitle,
        content: m.restoreDraftText(draft.savedAt),
        okText: m.restore,
        cancelText: m.discard,
        onOk: () => onRestore(draft.values),
        onCancel: () => clearDraft(scope),
      });
    });
    return () => {
      cancelled = true;
    };
    // Asked once per mounted form and scope (a cancelled load, as in StrictMode's re-run, asks nothing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeKey]);

  useEffect(() => {
    if (!scope || status.revision === 0) return;
    if (!status.dirty) {
      clearDraft(scope);
      return;
    }
    const timer = setTimeout(() => {
      const values = unsaved();
      // Without Web Crypto (an insecure context) there is simply no draft; nothing to report per keystroke.
      if (values) saveDraft(scope, { values, savedAt: stamp(new Date()) }).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.revision, status.dirty, scopeKey]);
}
