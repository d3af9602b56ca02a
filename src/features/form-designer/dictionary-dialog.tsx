import { Alert, Button, Flex, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { compileDocument, validateDocument, type FieldValue, type FormDocument, type SchemaIssue } from '../../engine';
import { SchemaForm, type FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import type { CarriedDictionaries } from './designer-api';
import { designerMessages } from './designer-messages';
import { uniqueName } from './document-utils';
import { ListEditor } from './list-editor';
import { dictionaryDocument } from './property-documents';
import type { TenantWorld } from './tenant-world';

type Item = { value: string; label: string };

/** What the dialog is opened for: a dictionary code (prefilled), an item to add (a crowd label), the field to point at it. */
export interface DictionaryRequest {
  code?: string;
  item?: string;
  /** Set the field's bizCode to the saved dictionary. */
  fieldIndex?: number;
}

export interface DictionaryDialogProps {
  request: DictionaryRequest;
  world: TenantWorld | undefined;
  carried: CarriedDictionaries | null;
  /** The new carried map (null: none left) and the code saved (undefined: removed). */
  onSave: (carried: CarriedDictionaries | null, code: string | undefined) => void;
  onClose: () => void;
}

/**
 * A dictionary carried with the form (created, or its missing items added, in the tenant's business
 * dictionary at publish): code and name are a form document; the items a row editor whose cells the
 * meta-schema marks, the same check as a form's own list, and duplicate codes the compiler's. For a
 * dictionary the tenant has, its items are listed and only the extra ones are edited.
 */
export function DictionaryDialog({ request, world, carried, onSave, onClose }: DictionaryDialogProps) {
  const m = useMessages(designerMessages);
  const initialCode = request.code ?? '';
  const tenant = initialCode ? world?.dictionaries.find((d) => d.code === initialCode) : undefined;
  const existing = initialCode ? carried?.[initialCode] : undefined;
  const fixed = tenant !== undefined || existing !== undefined;
  const document = useMemo(() => dictionaryDocument(m, fixed), [m, fixed]);
  const [items, setItems] = useState<Item[]>(() => {
    const own = existing?.items ?? [];
    if (request.item && !own.some((i) => i.value === request.item) && !tenant?.items.some((i) => i.value === request.item))
      return [...own, { value: request.item, label: '' }];
    if (own.length || tenant) return own.length ? own : [{ value: '', label: '' }];
    return [{ value: '1', label: '' }];
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const formRuntime = useRef<FormRuntime>();

  /** The items checked as a form's own list: the meta-schema's issues per cell, the compiler's duplicate codes. */
  const check = (code: string, name: string, list: Item[]): { issues: SchemaIssue[]; problems: string[] } => {
    const key = /^[A-Za-z][A-Za-z0-9_]*$/.test(code) ? code : 'dictionary';
    const probe: FormDocument = {
      formCode: 'designerDictionaryCheck',
      formName: 'check',
      version: 1,
      options: { [key]: { name: name || key, items: list } },
      fields: [],
    };
    const out: string[] = [];
    if (list.length === 0) out.push(m.dictionaryNoItems);
    const schema = validateDocument(probe);
    const cellIssues = schema.ok ? [] : schema.issues.map((i) => ({ ...i, path: i.path.replace(`/options/${key}/items`, '/items') }));
    if (!schema.ok) out.push(m.dictionaryBadItems);
    else
      out.push(
        ...compileDocument(probe)
          .errors.filter((e) => e.severity === 'error')
          .map((e) => e.message),
      );
    const have = new Set(tenant?.items.map((i) => i.value) ?? []);
    for (const i of list) if (have.has(i.value)) out.push(m.dictionaryDuplicate(i.value));
    return { issues: cellIssues, problems: out };
  };

  const submit = async (values: Record<string, FieldValue>) => {
    const code = fixed ? initialCode : String(values.code ?? '').trim();
    const name = String(values.name ?? '').trim();
    const found = check(code, name, items);
    setIssues(found.issues);
    setProblems(found.problems);
    if (found.problems.length) throw new Error(found.problems.join('; '));
    const next: CarriedDictionaries = { ...(carried ?? {}) };
    if (!fixed && initialCode && initialCode !== code) delete next[initialCode];
    next[code] = { name, items: items.map((i) => ({ value: i.value.trim(), label: i.label.trim() })) };
    onSave(next, code);
  };

  const remove = () => {
    const next: CarriedDictionaries = { ...(carried ?? {}) };
    delete next[initialCode];
    onSave(Object.keys(next).length ? next : null, undefined);
  };

  const title = tenant ? m.addDictionaryItems(initialCode) : existing ? m.editDictionary(initialCode) : m.newDictionary;
  const save = () => {
    const runtime = formRuntime.current;
    if (!runtime) return;
    // The document's own checks (required code and name, the code's pattern), shown on their fields.
    const result = runtime.validate(true);
    runtime.showFieldErrors(result);
    const found = result.ok ? undefined : Object.values(result.fieldErrors);
    if (found?.length) {
      setProblems(found);
      return;
    }
    void submit(runtime.session.inputs()).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={620}
      destroyOnHidden
      maskClosable={false}
      footer={[
        existing && (
          <Popconfirm key="remove" title={m.dictionaryRemove} onConfirm={remove}>
            <Button danger style={{ float: 'left' }}>
              {m.dictionaryRemove}
            </Button>
          </Popconfirm>
        ),
        <Button key="cancel" onClick={onClose}>
          {m.cancel}
        </Button>,
        <Button key="save" type="primary" onClick={save}>
          {m.dictionarySave}
        </Button>,
      ]}
    >
      <div data-testid="dictionary-dialog">
        <div className="fd-panel-form">
          <SchemaForm
            formCode={document.formCode}
            document={document}
            values={{ code: initialCode || undefined, name: existing?.name ?? tenant?.name }}
            mode="edit"
            draft={false}
            onReady={(r) => {
              formRuntime.current = r;
            }}
          />
        </div>
        {tenant && (
          <div style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{m.dictionaryTenantItems(tenant.items.length)}</Typography.Text>
            <Flex wrap gap={4} style={{ marginTop: 4, maxHeight: 96, overflow: 'auto' }}>
              {tenant.items.map((i) => (
                <Tag key={i.value}>
                  {i.value} {i.label}
                </Tag>
              ))}
            </Flex>
          </div>
        )}
        <ListEditor<Item>
          title={m.dictionaryItems}
          rows={items}
          columns={[
            { key: 'value', title: m.dictionaryItemValue, width: 120 },
            { key: 'label', title: m.dictionaryItemLabel },
          ]}
          onChange={setItems}
          newRow={(rows) => ({
            value: uniqueName(
              String(rows.length + 1),
              rows.map((r) => r.value),
            ),
            label: '',
          })}
          path="/items"
          issues={issues}
          addText={m.addOption}
          removeText={m.removeRow}
        />
        {problems.length > 0 && (
          <Flex vertical gap={4} style={{ marginTop: 8 }} data-testid="dictionary-problems">
            {problems.map((p, i) => (
              <Alert key={i} type="error" showIcon message={p} />
            ))}
          </Flex>
        )}
      </div>
    </Modal>
  );
}
