import type { App } from 'antd';
import { ANOMALY_PROMPT, type RuleMessage } from '../../engine';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** 有异常是否保存? listing each anomaly; resolves true for 是. */
export function confirmAnomalies(
  modal: ModalApi,
  anomalies: RuleMessage[],
  label: (prop: string) => string,
  yes: string,
  no: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: ANOMALY_PROMPT,
      content: (
        <ul className="fr-anomalies" aria-label={ANOMALY_PROMPT}>
          {anomalies.map((a) => (
            <li key={a.ruleId}>
              {label(a.field)}: {a.message}
            </li>
          ))}
        </ul>
      ),
      okText: yes,
      cancelText: no,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** fieldProps are identifiers (the compiler insists), so they go into the selector as they are.
 * Focuses the first control of a field's row and brings it into view. */
export function focusField(container: HTMLElement | null, prop: string | undefined): void {
  if (!container || !prop) return;
  const row = container.querySelector<HTMLElement>(`[data-field="${prop}"]`);
  if (!row) return;
  row.scrollIntoView?.({ block: 'center' });
  const control = row.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
  (control ?? row).focus();
}
