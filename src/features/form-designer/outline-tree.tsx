import { DeleteOutlined, HolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { NO_SECTION, outlineRows, type OutlineRow } from './document-utils';
import { designerMessages } from './designer-messages';
import type { Selection } from './properties-pane';

export interface OutlineTreeProps {
  doc: FormDocument;
  selection: Selection;
  onSelect: (s: Selection) => void;
  onMove: (activeKey: string, overKey: string) => void;
  onAddSection: () => void;
  onAddField: (sectionId: string | undefined) => void;
  onRemoveField: (index: number) => void;
  onRemoveSection: (id: string) => void;
  /** Problem counts by field index, and for the form as a whole. */
  fieldProblems: Map<number, number>;
  formProblems: number;
}

/**
 * Sections and their fields as one sortable list (dnd-kit): drag a field by its handle to reorder
 * it or move it to another section (it takes the section of the header above where it lands),
 * drag a section header to move the section with its fields. Arrow keys work too (space to lift).
 */
export function OutlineTree(props: OutlineTreeProps) {
  const m = useMessages(designerMessages);
  const rows = outlineRows(props.doc, m.noSection);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) props.onMove(String(e.active.id), String(e.over.id));
  };
  const selectedForm = props.selection.kind === 'form';
  return (
    <Flex vertical className="fd-outline" data-testid="outline">
      <div className={`fd-outline-row fd-outline-form${selectedForm ? ' fd-selected' : ''}`} onClick={() => props.onSelect({ kind: 'form' })} role="button" tabIndex={0}>
        <SettingOutlined />
        <Typography.Text strong ellipsis style={{ flex: 1 }}>
          {props.doc.formName || props.doc.formCode}
        </Typography.Text>
        {props.formProblems > 0 && <Badge count={props.formProblems} size="small" />}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          {rows.map((r) => (
            <OutlineItem key={r.key} row={r} {...props} />
          ))}
        </SortableContext>
      </DndContext>
      <Flex gap={4} style={{ padding: 8 }}>
        <Button size="small" icon={<PlusOutlined />} onClick={props.onAddSection}>
          {m.addSection}
        </Button>
      </Flex>
    </Flex>
  );
}

function OutlineItem({ row, selection, onSelect, onAddField, onRemoveField, onRemoveSection, fieldProblems, doc }: OutlineTreeProps & { row: OutlineRow }) {
  const m = useMessages(designerMessages);
  const pseudo = row.kind === 'section' && row.sectionId === NO_SECTION;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.key, disabled: pseudo });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 };
  const handle = !pseudo && (
    <span className="fd-handle" aria-label={m.dragHandle} title={m.dragHandle} {...attributes} {...listeners} onClick={(e) => e.stopPropagation()}>
      <HolderOutlined />
    </span>
  );

  if (row.kind === 'section') {
    const index = (doc.sections ?? []).findIndex((s) => s.id === row.sectionId);
    const selected = selection.kind === 'section' && selection.index === index;
    return (
      <div
        ref={setNodeRef}
        style={style}
        className={`fd-outline-row fd-outline-section${selected ? ' fd-selected' : ''}`}
        data-section={row.sectionId}
        onClick={() => index >= 0 && onSelect({ kind: 'section', index })}
      >
        {handle}
        <Typography.Text strong ellipsis style={{ flex: 1 }}>
          {row.title || row.sectionId}
        </Typography.Text>
        <Tooltip title={m.addField}>
          <Button
            size="small"
            type="text"
            aria-label={`${m.addField} ${row.title}`}
            icon={<PlusOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              onAddField(pseudo ? undefined : row.sectionId);
            }}
          />
        </Tooltip>
        {!pseudo && (
          <Popconfirm title={m.removeSectionConfirm(row.title || row.sectionId)} onConfirm={() => onRemoveSection(row.sectionId)} onPopupClick={(e) => e.stopPropagation()}>
            <Button size="small" type="text" aria-label={`${m.remove} ${row.title}`} icon={<DeleteOutlined />} onClick={(e) => e.stopPropagation()} />
          </Popconfirm>
        )}
      </div>
    );
  }

  const selected = selection.kind === 'field' && selection.index === row.index;
  const problems = fieldProblems.get(row.index) ?? 0;
  const rules = row.field.reckons?.length ?? 0;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`fd-outline-row fd-outline-field${selected ? ' fd-selected' : ''}`}
      data-field={row.field.fieldProp}
      onClick={() => onSelect({ kind: 'field', index: row.index })}
    >
      {handle}
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text ellipsis>{row.field.fieldLabel || '—'}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 11 }}>
          {row.field.fieldProp} · {m.typeNames(row.field.fieldType)}
          {rules > 0 && ` · ${m.rules} ${rules}`}
        </Typography.Text>
      </Flex>
      {row.field.required === 1 && <Tag color="red" style={{ marginInlineEnd: 0 }}>*</Tag>}
      {problems > 0 && <Badge count={problems} size="small" />}
      <Popconfirm title={m.removeFieldConfirm(row.field.fieldLabel)} onConfirm={() => onRemoveField(row.index)} onPopupClick={(e) => e.stopPropagation()}>
        <Button size="small" type="text" aria-label={`${m.remove} ${row.field.fieldLabel}`} icon={<DeleteOutlined />} onClick={(e) => e.stopPropagation()} />
      </Popconfirm>
    </div>
  );
}
