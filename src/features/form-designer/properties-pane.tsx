import { Alert, Button, Divider, Flex, Input, Popconfirm, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import {
  canonicalJson,
  canRenameField,
  renameFieldReferences,
  type FieldDef,
  type FormDocument,
  type FormOptionList,
  type FormPlacement,
  type SectionDef,
} from '../../engine';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { CROWD_LABEL_DICTIONARY } from '../../engine';
import { compileText, issueTarget, issueText, compileTarget, type Analysis } from './diagnostics';
import type { DictionaryRequest } from './dictionary-dialog';
import { DICTIONARY_FIELD_TYPES, replaceField, replaceSection, uniqueName, withoutKey } from './document-utils';
import { designerMessages, type DesignerMessages } from './designer-messages';
import { ListEditor } from './list-editor';
import { PanelForm } from './panel-form';
import {
  fieldPanelDocument,
  fieldPanelValues,
  formPanelDocument,
  formPanelValues,
  fromFieldPanel,
  fromFormPanel,
  fromSectionPanel,
  sectionPanelDocument,
  sectionPanelValues,
} from './property-documents';
import { crowdLabelChoices, dictionaryChoices, worldSignature, type TenantWorld } from './tenant-world';

export type Selection = { kind: 'form' } | { kind: 'section'; index: number } | { kind: 'field'; index: number };

export interface PropertiesPaneProps {
  doc: FormDocument;
  selection: Selection;
  analysis: Analysis;
  setDoc: (update: (doc: FormDocument) => FormDocument) => void;
  /** Bumped when the document changed other than through a panel (reload): panels remount. */
  epoch: number;
  /** A field was renamed and its references with it: the host renames it in the cases too. */
  onFieldRenamed?: (from: string, to: string) => void;
  /** The tenant's dictionaries with the carried ones (undefined while loading): the pickers' lists. */
  world?: TenantWorld;
  /** 新建字典 / 添加字典项 / 添加人群标签: opens the dictionary dialog. */
  onDictionary?: (request: DictionaryRequest) => void;
}

/** The property panel of the selected field, section or the form itself. */
export function PropertiesPane(props: PropertiesPaneProps) {
  const { selection, doc } = props;
  if (selection.kind === 'field' && doc.fields[selection.index]) return <FieldProperties {...props} index={selection.index} />;
  if (selection.kind === 'section' && doc.sections?.[selection.index]) return <SectionProperties {...props} index={selection.index} />;
  return <FormProperties {...props} />;
}

function Problems({ messages }: { messages: { text: string; severity: 'error' | 'warning' }[] }) {
  if (!messages.length) return null;
  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }} data-testid="panel-problems">
      {messages.map((p, i) => (
        <Alert key={i} type={p.severity} showIcon message={p.text} />
      ))}
    </Flex>
  );
}

function problemsOf(doc: FormDocument, analysis: Analysis, match: (t: ReturnType<typeof issueTarget>) => boolean) {
  return [
    ...analysis.schema.filter((i) => match(issueTarget(i.path))).map((i) => ({ text: issueText(i), severity: 'error' as const })),
    ...analysis.compile
      .filter((e) => e.expression === undefined && match(compileTarget(doc, e)))
      .map((e) => ({ text: compileText(e), severity: e.severity })),
    ...analysis.world.filter((e) => match(compileTarget(doc, e))).map((e) => ({ text: e.message, severity: e.severity })),
  ];
}

// ---- field ---------------------------------------------------------------------------------------

function FieldProperties({
  doc,
  analysis,
  setDoc,
  epoch,
  index,
  onFieldRenamed,
  world,
  onDictionary,
}: PropertiesPaneProps & { index: number }) {
  const m = useMessages(designerMessages);
  // The panels are form documents read at mount: a new language remounts them in its words.
  const { lang } = useLang();
  const field = doc.fields[index] as FieldDef;
  // The name the rules and cases know the field by. While a new name is typed it may pass through
  // names that are empty, invalid or another field's: references follow only to a name that is
  // free, from the last name they were carried to (so clearing the box and typing loses nothing).
  const knownAs = useRef(field.fieldProp);
  // The panel's own lists come from the designed document: rebuilt (and remounted) when they change.
  const signature = canonicalJson([
    doc.sections?.map((s) => [s.id, s.title, s.groups]),
    Object.entries(doc.options ?? {}).map(([code, list]) => [code, list.name]),
    worldSignature(world),
    field.bizCode ?? null,
  ]);
  const panel = useMemo(
    () =>
      fieldPanelDocument(
        m,
        doc,
        dictionaryChoices(
          world,
          doc,
          { own: m.ownList, carried: m.carriedDictionary, missing: m.missingDictionary, source: m.sourceNames },
          field.bizCode,
        ),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the signature (what the panel lists) changes
    [m, signature],
  );
  const values = fieldPanelValues(field);
  const list = field.bizCode !== undefined ? doc.options?.[field.bizCode] : undefined;
  const isDictionary = DICTIONARY_FIELD_TYPES.has(field.fieldType);

  const createList = () =>
    setDoc((d) => {
      const f = d.fields[index];
      if (!f) return d;
      const code = f.bizCode && !d.options?.[f.bizCode] ? f.bizCode : uniqueName(f.fieldProp, Object.keys(d.options ?? {}));
      const options = {
        ...(d.options ?? {}),
        [code]: {
          name: f.fieldLabel,
          items: [
            { value: '1', label: m.firstOption },
            { value: '2', label: m.secondOption },
          ],
        },
      };
      return replaceField({ ...d, options }, index, { ...f, bizCode: code });
    });

  return (
    <div data-testid="field-properties">
      {isDictionary && !list && (
        <Flex gap={8} wrap style={{ marginBottom: 8 }}>
          {!list && (
            <Button size="small" onClick={createList}>
              {m.createOptionList}
            </Button>
          )}
          {onDictionary && <DictionaryButtons field={field} index={index} world={world} onDictionary={onDictionary} />}
        </Flex>
      )}
      <PanelForm
        key={`field:${index}:${epoch}:${signature}:${lang}`}
        document={panel}
        values={values}
        onChange={(v, visible) => {
          const from = knownAs.current;
          const to = typeof v.fieldProp === 'string' ? v.fieldProp : '';
          const rename = canRenameField(doc, index, from, to);
          if (rename) knownAs.current = to;
          setDoc((d) => {
            const current = d.fields[index];
            if (!current) return d;
            const next = fromFieldPanel(v, current, visible);
            if (canonicalJson(next) === canonicalJson(current)) return d;
            const replaced = replaceField(d, index, next);
            return rename ? renameFieldReferences(replaced, from, to) : replaced;
          });
          if (rename) onFieldRenamed?.(from, to);
        }}
      />
      {isDictionary && list && field.bizCode !== undefined && (
        <OptionListEditor m={m} code={field.bizCode} list={list} analysis={analysis} setDoc={setDoc} />
      )}
      <Problems messages={problemsOf(doc, analysis, (t) => t.kind === 'field' && t.index === index)} />
    </div>
  );
}

/** 新建字典 beside the picker, and 添加字典项 / 编辑 for the dictionary the field names when the tenant has it or the form carries it. */
function DictionaryButtons({
  field,
  index,
  world,
  onDictionary,
}: {
  field: FieldDef;
  index: number;
  world: TenantWorld | undefined;
  onDictionary: (request: DictionaryRequest) => void;
}) {
  const m = useMessages(designerMessages);
  const code = field.bizCode;
  const carried = code !== undefined && world?.carried[code] !== undefined;
  const tenant = code !== undefined && world?.dictionaries.some((d) => d.code === code);
  const known = carried || tenant;
  return (
    <>
      <Button
        size="small"
        data-testid="new-dictionary"
        onClick={() => onDictionary({ ...(code && !known && { code }), fieldIndex: index })}
      >
        {code && !known ? m.newDictionaryFor(code) : m.newDictionary}
      </Button>
      {code && known && (
        <Button size="small" onClick={() => onDictionary({ code })}>
          {carried && !tenant ? m.editDictionary(code) : m.addDictionaryItems(code)}
        </Button>
      )}
    </>
  );
}

function OptionListEditor({
  m,
  code,
  list,
  analysis,
  setDoc,
  onRemove,
}: {
  m: DesignerMessages;
  code: string;
  list: FormOptionList;
  analysis: Analysis;
  setDoc: PropertiesPaneProps['setDoc'];
  onRemove?: () => void;
}) {
  const setList = (next: FormOptionList) => setDoc((d) => ({ ...d, options: { ...(d.options ?? {}), [code]: next } }));
  const compileProblems = analysis.compile.filter(
    (e) => e.expression === undefined && e.ruleId === undefined && e.message.includes(code) && !e.field,
  );
  return (
    <div className="fd-option-list" data-testid={`option-list-${code}`}>
      <Divider plain orientation="left" style={{ margin: '8px 0' }}>
        {m.optionList(code)}
      </Divider>
      <Flex gap={4} align="center" style={{ marginBottom: 4 }}>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {m.optionListName}
        </Typography.Text>
        <Input
          aria-label={`${m.optionList(code)} ${m.optionListName}`}
          value={list.name}
          onChange={(e) => setList({ ...list, name: e.target.value })}
        />
        {onRemove && (
          <Popconfirm title={m.removeList} onConfirm={onRemove}>
            <Button size="small" danger>
              {m.removeList}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      <ListEditor<{ value: string; label: string }>
        title={m.optionList(code)}
        rows={list.items}
        columns={[
          { key: 'value', title: m.optionValue, width: 80 },
          { key: 'label', title: m.optionLabel },
        ]}
        onChange={(items) => setList({ ...list, items })}
        newRow={(rows) => ({
          value: uniqueName(
            String(rows.length + 1),
            rows.map((r) => r.value),
          ),
          label: '',
        })}
        path={`/options/${code}/items`}
        issues={analysis.schema}
        addText={m.addOption}
        removeText={m.removeRow}
      />
      {compileProblems.map((e, i) => (
        <Typography.Text key={i} type={e.severity === 'error' ? 'danger' : 'warning'} style={{ display: 'block', fontSize: 12 }}>
          {e.message}
        </Typography.Text>
      ))}
    </div>
  );
}

// ---- section -------------------------------------------------------------------------------------

function SectionProperties({ doc, analysis, setDoc, epoch, index }: PropertiesPaneProps & { index: number }) {
  const m = useMessages(designerMessages);
  // The panels are form documents read at mount: a new language remounts them in its words.
  const { lang } = useLang();
  const section = (doc.sections ?? [])[index] as SectionDef;
  const panel = useMemo(() => sectionPanelDocument(m), [m]);
  const setSection = (update: (s: SectionDef) => SectionDef) =>
    setDoc((d) => {
      const current = d.sections?.[index];
      if (!current) return d;
      const next = update(current);
      return canonicalJson(next) === canonicalJson(current) ? d : replaceSection(d, current.id, next);
    });
  return (
    <div data-testid="section-properties">
      <PanelForm
        key={`section:${index}:${epoch}:${lang}`}
        document={panel}
        values={sectionPanelValues(section)}
        onChange={(v) => setSection((s) => fromSectionPanel(v, s))}
      />
      <ListEditor<{ id: string; title: string }>
        title={m.groups}
        rows={section.groups ?? []}
        columns={[
          { key: 'id', title: m.groupId, width: 110 },
          { key: 'title', title: m.groupTitle },
        ]}
        onChange={(groups) => setSection((s) => (groups.length ? { ...s, groups } : withoutKey(s, 'groups')))}
        newRow={(rows) => ({
          id: uniqueName(
            `g${rows.length + 1}`,
            rows.map((r) => r.id),
          ),
          title: '',
        })}
        path={`/sections/${index}/groups`}
        issues={analysis.schema}
        addText={m.addRow}
        removeText={m.removeRow}
      />
      <Problems messages={problemsOf(doc, analysis, (t) => t.kind === 'section' && t.index === index)} />
    </div>
  );
}

// ---- the form --------------------------------------------------------------------------------------

function FormProperties({ doc, analysis, setDoc, epoch, world, onDictionary }: PropertiesPaneProps) {
  const m = useMessages(designerMessages);
  // The panels are form documents read at mount: a new language remounts them in its words.
  const { lang } = useLang();
  const chosen = doc.placement?.appliesTo?.crowdLabels ?? [];
  const crowd = crowdLabelChoices(world, chosen, m.unknownLabel);
  const signature = canonicalJson([doc.fields.filter((f) => f.fieldType === 5).map((f) => [f.fieldProp, f.fieldLabel]), crowd]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the date fields or crowd labels it lists change
  const panel = useMemo(() => formPanelDocument(m, doc, crowd), [m, signature]);
  const carried = Object.entries(world?.carried ?? {});
  const tabs = doc.placement?.tabs ?? [];
  const setTabs = (next: NonNullable<FormPlacement['tabs']>) =>
    setDoc((d) => (d.placement ? { ...d, placement: next.length ? { ...d.placement, tabs: next } : withoutKey(d.placement, 'tabs') } : d));
  const used = new Set(doc.fields.map((f) => f.bizCode).filter(Boolean));
  return (
    <div data-testid="form-properties">
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Tag>{doc.formCode}</Tag>
        <Typography.Text type="secondary">
          {m.version} {doc.version}
        </Typography.Text>
      </Flex>
      <PanelForm
        key={`form:${epoch}:${signature}:${lang}`}
        document={panel}
        values={formPanelValues(doc)}
        onChange={(v) =>
          setDoc((d) => {
            const next = fromFormPanel(v, d);
            return canonicalJson(next) === canonicalJson(d) ? d : next;
          })
        }
      />
      {doc.placement && onDictionary && (
        <Button
          size="small"
          style={{ marginBottom: 8 }}
          data-testid="add-crowd-label"
          onClick={() => onDictionary({ code: CROWD_LABEL_DICTIONARY })}
        >
          {m.addCrowdLabel}
        </Button>
      )}
      {doc.placement && (
        <ListEditor<{ host: string; title: string; order?: number }>
          title={m.tabs}
          rows={tabs}
          columns={[
            { key: 'host', title: m.tabHost, width: 150 },
            { key: 'title', title: m.tabTitle },
            { key: 'order', title: m.tabOrder, kind: 'integer', width: 70 },
          ]}
          onChange={setTabs}
          newRow={() => ({ host: '', title: '' })}
          path="/placement/tabs"
          issues={analysis.schema}
          addText={m.addRow}
          removeText={m.removeRow}
        />
      )}
      {Object.entries(doc.options ?? {}).length > 0 && (
        <>
          <Divider plain orientation="left" style={{ margin: '8px 0' }}>
            {m.optionLists}
          </Divider>
          {Object.entries(doc.options ?? {}).map(([code, list]) => (
            <div key={code}>
              {!used.has(code) && <Tag color="orange">{m.unusedList}</Tag>}
              <OptionListEditor
                m={m}
                code={code}
                list={list}
                analysis={analysis}
                setDoc={setDoc}
                onRemove={() =>
                  setDoc((d) => {
                    const options = { ...(d.options ?? {}) };
                    delete options[code];
                    return Object.keys(options).length ? { ...d, options } : withoutKey(d, 'options');
                  })
                }
              />
            </div>
          ))}
        </>
      )}
      {carried.length > 0 && (
        <div data-testid="carried-dictionaries">
          <Divider plain orientation="left" style={{ margin: '8px 0' }}>
            {m.carriedDictionaries}
          </Divider>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
            {m.carriedHint}
          </Typography.Paragraph>
          <Flex wrap gap={4}>
            {carried.map(([code, d]) => (
              <Tag key={code} style={{ cursor: 'pointer' }} onClick={() => onDictionary?.({ code })}>
                {code} — {d.name} ({d.items.length})
              </Tag>
            ))}
          </Flex>
        </div>
      )}
      <Problems messages={problemsOf(doc, analysis, (t) => t.kind === 'form' || t.kind === 'option')} />
    </div>
  );
}
