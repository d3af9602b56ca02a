import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Button, Flex, Input, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { outlineRows, type OutlineRow } from './document-utils';
import { designerMessages } from './designer-messages';
import { Ellipsis, FieldItem, SectionItem } from './outline-rows';
import { useOutlineWindow } from './outline-window';
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

const matches = (row: OutlineRow, query: string): boolean =>
  row.kind === 'field' && (row.field.fieldProp.toLowerCase().includes(query) || (row.field.fieldLabel ?? '').toLowerCase().includes(query));

/** The same keys as last time give the same array: dnd-kit re-renders every sortable row when its `items` change. */
function useStableKeys(keys: string[]): string[] {
  const last = useRef(keys);
  const same = last.current.length === keys.length && last.current.every((k, i) => k === keys[i]);
  if (!same) last.current = keys;
  return last.current;
}

/**
 * Sections and their fields as one sortable list (dnd-kit): drag a field by its handle to reorder
 * it or move it to another section (it takes the section of the header above where it lands),
 * drag a section header to move the section with its fields. Arrow keys work too (space to lift).
 * A long form's outline renders only the rows in view (outline-window.ts); the search box above it
 * narrows the list to the fields whose code or label contains the text.
 */
export function OutlineTree(props: OutlineTreeProps) {
  const m = useMessages(designerMessages);
  const [query, setQuery] = useState('');
  const allRows = useMemo(() => outlineRows(props.doc, m.noSection), [props.doc, m.noSection]);
  const needle = query.trim().toLowerCase();
  const rows = useMemo(() => (needle ? allRows.filter((r) => matches(r, needle)) : allRows), [allRows, needle]);
  const items = useStableKeys(useMemo(() => rows.map((r) => r.key), [rows]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [dragging, setDragging] = useState<string>();
  const scroller = useRef<HTMLDivElement>(null);
  const view = useOutlineWindow(rows, scroller, dragging);

  // The parent's callbacks change on every render; the rows get stable ones that call the latest.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onSelect = useCallback((s: Selection) => latest.current.onSelect(s), []);
  const onAddField = useCallback((sectionId: string | undefined) => latest.current.onAddField(sectionId), []);
  const onRemoveField = useCallback((index: number) => latest.current.onRemoveField(index), []);
  const onRemoveSection = useCallback((id: string) => latest.current.onRemoveSection(id), []);
  const onDragStart = useCallback((e: DragStartEvent) => setDragging(String(e.active.id)), []);
  const onDragEnd = useCallback((e: DragEndEvent) => {
    setDragging(undefined);
    if (e.over && e.active.id !== e.over.id) latest.current.onMove(String(e.active.id), String(e.over.id));
  }, []);
  const sectionIndex = useMemo(() => new Map((props.doc.sections ?? []).map((s, i) => [s.id, i])), [props.doc.sections]);
  const { selection, fieldProblems } = props;

  // A selection made elsewhere (the problems list, a new field) brings its row into view, and so
  // does clearing the search (the field found stays in sight in the whole outline).
  const selectedKey = useMemo(() => {
    if (selection.kind === 'field') return rows.find((r) => r.kind === 'field' && r.index === selection.index)?.key;
    if (selection.kind === 'section')
      return rows.find((r) => r.kind === 'section' && r.sectionId === props.doc.sections?.[selection.index]?.id)?.key;
    return undefined;
  }, [selection, rows, props.doc.sections]);
  const { reveal } = view;
  useEffect(() => {
    if (selectedKey) reveal(selectedKey);
  }, [selectedKey, reveal, needle]);

  const selectedForm = selection.kind === 'form';
  const formTitle = props.doc.formName || props.doc.formCode;
  const renderRow = (r: OutlineRow) => {
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
        dragDisabled={needle !== ''}
        onSelect={onSelect}
        onRemoveField={onRemoveField}
      />
    );
  };
  return (
    <Flex vertical className="fd-outline" data-testid="outline" data-fields={props.doc.fields.length}>
      <div
        className={`fd-outline-row fd-outline-form${selectedForm ? ' fd-selected' : ''}`}
        onClick={() => onSelect({ kind: 'form' })}
        role="button"
        tabIndex={0}
      >
        <SettingOutlined />
        <Ellipsis strong text={formTitle} style={{ flex: 1 }}>
          {formTitle}
        </Ellipsis>
        {props.formProblems > 0 && <Badge count={props.formProblems} size="small" />}
      </div>
      <Input.Search
        size="small"
        allowClear
        placeholder={m.findField}
        aria-label={m.findField}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="fd-outline-find"
      />
      {needle !== '' && (
        <Typography.Text type="secondary" className="fd-outline-hint">
          {rows.length === 0 ? m.findFieldNone : m.findFieldNoDrag}
        </Typography.Text>
      )}
      <div className="fd-outline-rows" ref={scroller}>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(undefined)}
        >
          <SortableContext items={items} strategy={verticalListSortingStrategy}>
            {view.before > 0 && <div style={{ height: view.before }} aria-hidden />}
            {view.rows.map(({ row, measure, index }) => (
              <div key={row.key} ref={measure} data-index={index} className="fd-outline-slot">
                {renderRow(row)}
              </div>
            ))}
            {view.after > 0 && <div style={{ height: view.after }} aria-hidden />}
          </SortableContext>
        </DndContext>
        {needle === '' && (
          <Flex gap={4} style={{ padding: 8 }}>
            <Button size="small" icon={<PlusOutlined />} onClick={props.onAddSection}>
              {m.addSection}
            </Button>
          </Flex>
        )}
      </div>
    </Flex>
  );
}
