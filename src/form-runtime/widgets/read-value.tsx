import type { DictOption } from '../../engine';

export interface ReadValueProps {
  value?: unknown;
  options?: DictOption[];
  unit?: string;
}

/** A value as text for view and print modes: dictionary codes as their labels, numbers with their unit. */
export function formatValue(value: unknown, options?: DictOption[], unit?: string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  const label = (code: unknown) => options?.find((o) => o.value === String(code))?.label ?? String(code);
  if (Array.isArray(value)) return value.map(label).join('，');
  if (typeof value === 'object') {
    const bp = value as { sbp?: unknown; dbp?: unknown };
    return `${String(bp.sbp ?? '')}/${String(bp.dbp ?? '')}`;
  }
  if (typeof value === 'number') return unit ? `${value} ${unit}` : String(value);
  return options ? label(value) : String(value);
}

export function ReadValue({ value, options, unit }: ReadValueProps) {
  const text = formatValue(value, options, unit);
  return <span className="fr-read-value">{text === '' ? '—' : text}</span>;
}
