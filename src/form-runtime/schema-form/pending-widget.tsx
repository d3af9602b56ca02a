import type { Field } from '@formily/core';
import { observer, useField } from '@formily/react';
import type { RefObject } from 'react';
import type { DictOption } from '../../engine';
import { formatValue } from '../widgets/read-value';

/**
 * Stands in for a widget that has not mounted yet (widget-mount.ts): a box of the control's size
 * showing the value. It is focusable, and focusing it mounts the real widget and moves there.
 */
export const PendingWidget = observer(function PendingWidget({
  placeholderRef,
  onActivate,
}: {
  placeholderRef: RefObject<HTMLDivElement>;
  onActivate: () => void;
}) {
  const field = useField<Field>();
  return (
    <div
      ref={placeholderRef}
      className="fr-widget-pending"
      tabIndex={0}
      aria-label={String(field.title ?? '')}
      onFocus={onActivate}
      onMouseDown={onActivate}
    >
      {formatValue(field.value, field.dataSource as DictOption[] | undefined)}
    </div>
  );
});
