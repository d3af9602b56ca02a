import { DeleteOutlined, HolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Flex, Popconfirm, Tag, Tooltip } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { FieldDef, FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { NO_SECTION, outlineRows } from './document-utils';
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
  const rows = useMemo(() => outlineRows(props.doc, m.noSection), [props.doc, m.noSection]);
  const items = useMemo(() => rows.map((r) => r.key), [rows]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // The parent's callbacks change on every render; the rows get stable ones that call the latest.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onSelect = useCallback((s: Selection) => latest.current.onSelect(s), []);
  const onAddField = useCallback((sectionId: string | undefined) => latest.current.onAddField(sectionId), []);
  const onRemoveField = useCallback((index: number) => latest.current.onRemoveField(index), []);
  const onRemoveSection = useCallback((id: string) => latest.current.onRemoveSection(id), []);
  const onDragEnd = useCallback((e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) latest.current.onMove(String(e.active.id), String(e.over.id));
  }, []);
  const sectionIndex = useMemo(() => new Map((props.doc.sections ?? []).map((s, i) => [s.id, i])), [props.doc.sections]);
  const { selection, fieldProblems } = props;
  const selectedForm = selection.kind === 'form';
  const formTitle = props.doc.formName || props.doc.formCode;
  return (
    <Flex vertical className="fd-outline" data-testid="outline">
      <div className={`fd-outline-row fd-outline-form${selectedForm ? ' fd-selected' : ''}`} onClick={() => onSelect({ kind: 'form' })} role="button" tabIndex={0}>
        <SettingOutlined />
        <Ellipsis strong text={formTitle} style={{ flex: 1 }}>
          {formTitle}
        </Ellipsis>
        {props.formProblems > 0 && <Badge count={props.formProblems} size="small" />}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items} strategy={verticalListSortingStrategy}>
          {rows.map((r) => {
            if (r.kind === 'section') {
              const index = sectionIndex.get(r.sectionId) ?? -1;
              return (
                <SectionItem
                  key={r.key}
                  rowKey={r.key}
                  sectionId={r.sectionId}
                  title={r.title}
                  index={index}
                  selected={selection.kind === 'section' && selection.index === index}
                  onSelect={onSelect}
                  onAddField={onAddField}
                  onRemoveSection={onRemoveSection}
                />
              );
            }
            return (
              <FieldItem
                key={r.key}
                rowKey={r.key}
                field={r.field}
                index={r.index}
                selected={selection.kind === 'field' && selection.index === r.index}
                problems={fieldProblems.get(r.index) ?? 0}
                onSelect={onSelect}
                onRemoveField={onRemoveField}
              />
            );
          })}
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

/**
 * One line cut with an ellipsis by CSS alone (no measuring), the whole text in `title`. antd's
 * `Typography` `ellipsis` measures every text in an effect — a forced layout per outline row.
 */
function Ellipsis({ text, strong, secondary, style, children }: { text: string; strong?: boolean; secondary?: boolean; style?: CSSProperties; children: ReactNode }) {
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

function DragHandle({ label, attributes, listeners }: { label: string } & Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners'>) {
  return (
    <span className="fd-handle" aria-label={label} title={label} {...attributes} {...listeners} onClick={(e) => e.stopPropagation()}>
      <HolderOutlined />
    </span>
  );
}

interface SectionItemProps {
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

const SectionItem = memo(function SectionItem({ rowKey, sectionId, title, index, selected, onSelect, onAddField, onRemoveSection }: SectionItemProps) {
  const m = useMessages(designerMessages);
  const pseudo = sectionId === NO_SECTION;
  const { attributes, listeners, setNodeRef, style } = useSortableRow(rowKey, pseudo);
  const shown = title || sectionId;
  return (
    <div ref={setNodeRef} style={style} className={`fd-outline-row fd-outline-section${selected ? ' fd-selected' : ''}`} data-section={sectionId} onClick={() => index >= 0 && onSelect({ kind: 'section', index })}>
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
        <Popconfirm title={m.removeSectionConfirm(shown)} onConfirm={() => onRemoveSection(sectionId)} onPopupClick={(e) => e.stopPropagation()}>
          <Button size="small" type="text" aria-label={`${m.remove} ${title}`} icon={<DeleteOutlined />} onClick={(e) => e.stopPropagation()} />
        </Popconfirm>
      )}
    </div>
  );
});

interface FieldItemProps {
  rowKey: string;
  field: FieldDef;
  index: number;
  selected: boolean;
  problems: number;
  onSelect: (s: Selection) => void;
  onRemoveField: (index: number) => void;
}

const FieldItem = memo(function FieldItem({ rowKey, field, index, selected, problems, onSelect, onRemoveField }: FieldItemProps) {
  const m = useMessages(designerMessages);
  const { attributes, listeners, setNodeRef, style } = useSortableRow(rowKey, false);
  const rules = field.reckons?.length ?? 0;
  const label = field.fieldLabel || '—';
  const detail = `${field.fieldProp} · ${m.typeNames(field.fieldType)}${rules > 0 ? ` · ${m.rules} ${rules}` : ''}`;
  return (
    <div ref={setNodeRef} style={style} className={`fd-outline-row fd-outline-field${selected ? ' fd-selected' : ''}`} data-field={field.fieldProp} onClick={() => onSelect({ kind: 'field', index })}>
      <DragHandle label={m.dragHandle} attributes={attributes} listeners={listeners} />
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
      <Popconfirm title={m.removeFieldConfirm(field.fieldLabel)} onConfirm={() => onRemoveField(index)} onPopupClick={(e) => e.stopPropagation()}>
        <Button size="small" type="text" aria-label={`${m.remove} ${field.fieldLabel}`} icon={<DeleteOutlined />} onClick={(e) => e.stopPropagation()} />
      </Popconfirm>
    </div>
  );
});
