// The outline's rows: a section header and a field line, each sortable by its handle (dnd-kit).
// Memoised: a keystroke elsewhere re-renders only the row whose field changed.
import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Flex, Popconfirm, Tag, Tooltip } from 'antd';
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { FieldDef } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { NO_SECTION } from './document-utils';
import { designerMessages } from './designer-messages';
import type { Selection } from './properties-pane';

/**
 * One line cut with an ellipsis by CSS alone (no measuring), the whole text in `title`. antd's
 * `Typography` `ellipsis` measures every text in an effect — a forced layout per outline row.
 */
export function Ellipsis({
  text,
  strong,
  secondary,
  style,
  children,
}: {
  text: string;
  strong?: boolean;
  secondary?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const cls = `fd-ellipsis${strong ? ' fd-ellipsis-strong' : ''}${secondary ? ' fd-ellipsis-secondary' : ''}`;
  return (
    <span className={cls} title={text} style={style}>
      {children}
    </span>
  );
}

function useSortableRow(rowKey: string, disabled: boolean) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: rowKey, disabled });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 };
  return { attributes, listeners, setNodeRef, style };
}

function DragHandle({
  label,
  attributes,
  listeners,
}: { label: string } & Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners'>) {
  return (
    <span className="fd-handle" aria-label={label} title={label} {...attributes} {...listeners} onClick={(e) => e.stopPropagation()}>
      <HolderOutlined />
    </span>
  );
}

export interface SectionItemProps {
  rowKey: string;
  sectionId: string;
  title: string;
  /** Index in `doc.sections`, -1 for the fields without a section. */
  index: number;
  selected: boolean;
  onSelect: (s: Selection) => void;
  onAddField: (sectionId: string | undefined) => void;
  onRemoveSection: (id: string) => void;
}

export const SectionItem = memo(function SectionItem({
  rowKey,
  sectionId,
  title,
  index,
  selected,
  onSelect,
  onAddField,
  onRemoveSection,
}: SectionItemProps) {
  const m = useMessages(designerMessages);
  const pseudo = sectionId === NO_SECTION;
  const { attributes, listeners, setNodeRef, style } = useSortableRow(rowKey, pseudo);
  const shown = title || sectionId;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`fd-outline-row fd-outline-section${selected ? ' fd-selected' : ''}`}
      data-section={sectionId}
      onClick={() => index >= 0 && onSelect({ kind: 'section', index })}
    >
      {!pseudo && <DragHandle label={m.dragHandle} attributes={attributes} listeners={listeners} />}
      <Ellipsis strong text={shown} style={{ flex: 1 }}>
        {shown}
      </Ellipsis>
      <Tooltip title={m.addField}>
        <Button
          size="small"
          type="text"
          aria-label={`${m.addField} ${title}`}
          icon={<PlusOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            onAddField(pseudo ? undefined : sectionId);
          }}
        />
      </Tooltip>
      {!pseudo && (
        <Popconfirm
          title={m.removeSectionConfirm(shown)}
          onConfirm={() => onRemoveSection(sectionId)}
          onPopupClick={(e) => e.stopPropagation()}
        >
          <Button
            size="small"
            type="text"
            aria-label={`${m.remove} ${title}`}
            icon={<DeleteOutlined />}
            onClick={(e) => e.stopPropagation()}
          />
        </Popconfirm>
      )}
    </div>
  );
});

export interface FieldItemProps {
  rowKey: string;
  field: FieldDef;
  index: number;
  selected: boolean;
  problems: number;
  /** While the outline is filtered a field is not dragged (its neighbours in the list are not its neighbours in the form). */
  dragDisabled: boolean;
  onSelect: (s: Selection) => void;
  onRemoveField: (index: number) => void;
}

export const FieldItem = memo(function FieldItem({
  rowKey,
  field,
  index,
  selected,
  problems,
  dragDisabled,
  onSelect,
  onRemoveField,
}: FieldItemProps) {
  const m = useMessages(designerMessages);
  const { attributes, listeners, setNodeRef, style } = useSortableRow(rowKey, dragDisabled);
  const rules = field.reckons?.length ?? 0;
  const label = field.fieldLabel || '—';
  const detail = `${field.fieldProp} · ${m.typeNames(field.fieldType)}${rules > 0 ? ` · ${m.rules} ${rules}` : ''}`;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`fd-outline-row fd-outline-field${selected ? ' fd-selected' : ''}`}
      data-field={field.fieldProp}
      onClick={() => onSelect({ kind: 'field', index })}
    >
      {!dragDisabled && <DragHandle label={m.dragHandle} attributes={attributes} listeners={listeners} />}
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Ellipsis text={label}>{label}</Ellipsis>
        <Ellipsis secondary text={detail} style={{ fontSize: 11 }}>
          {detail}
        </Ellipsis>
      </Flex>
      {field.required === 1 && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          *
        </Tag>
      )}
      {problems > 0 && <Badge count={problems} size="small" />}
      <Popconfirm
        title={m.removeFieldConfirm(field.fieldLabel)}
        onConfirm={() => onRemoveField(index)}
        onPopupClick={(e) => e.stopPropagation()}
      >
        <Button
          size="small"
          type="text"
          aria-label={`${m.remove} ${field.fieldLabel}`}
          icon={<DeleteOutlined />}
          onClick={(e) => e.stopPropagation()}
        />
      </Popconfirm>
    </div>
  );
});
