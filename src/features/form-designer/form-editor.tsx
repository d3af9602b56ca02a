import { ArrowLeftOutlined, CloudUploadOutlined, DownloadOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Drawer, Flex, Modal, Result, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { renameFieldInCases, type FormDocument, type Reckon } from '../../engine';
import { BUNDLED_CODEMAPS, refreshFormDictionaries, type FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CasePanel } from './case-panel';
import { worldOptionsOf, type OptionsOf } from './completions';
import { FrozenWhileHidden } from './frozen-while-hidden';
import { analyse, errorTargets } from './diagnostics';
import { errorText, getDictionaryWorld, getPublishedDocument } from './designer-api';
import { DictionaryDialog, type DictionaryRequest } from './dictionary-dialog';
import { designerMessages } from './designer-messages';
import { addField, addSection, exportFiles, moveRow, removeField, removeSection, replaceReckons, workingStatus } from './document-utils';
import { downloadFiles } from './download';
import { OutlineTree } from './outline-tree';
import { PreviewPane } from './preview-pane';
import { ProblemsList } from './problems-list';
import { PropertiesPane, type Selection } from './properties-pane';
import { PublishDialog } from './publish-dialog';
import { RuleEditor } from './rule-editor';
import { StatusTag } from './status-tag';
import { formWorldOf, previewDocument, worldSignature, type TenantWorld } from './tenant-world';
import { useWorkingCopy, type SaveStatus } from './use-working-copy';
import { VersionsDrawer } from './versions-drawer';

export interface FormEditorProps {
  formId: string;
  onBack: () => void;
}

/**
 * The designer for one form (/system/form/index?formId=…): the outline (sections and fields,
 * drag to reorder), the property panel and the rule editor of the selection, and the preview,
 * cases and problems of the working document. Every change is saved 1.5 s later (form/submit with
 * the rowVersion read); 发布 and 版本 open their dialogs.
 */
export function FormEditor({ formId, onBack }: FormEditorProps) {
  const m = useMessages(designerMessages);
  const wc = useWorkingCopy(formId);
  if (wc.loadError)
    return <Result status="error" title={m.loadFailed} subTitle={wc.loadError} extra={<Button onClick={onBack}>{m.back}</Button>} />;
  if (!wc.doc || !wc.row)
    return (
      <Spin tip={m.loading} style={{ margin: 48 }}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  return <EditorBody wc={wc as ReturnType<typeof useWorkingCopy> & { doc: FormDocument }} formId={formId} onBack={onBack} />;
}

function EditorBody({
  wc,
  formId,
  onBack,
}: {
  wc: ReturnType<typeof useWorkingCopy> & { doc: FormDocument };
  formId: string;
  onBack: () => void;
}) {
  const m = useMessages(designerMessages);
  const doc = wc.doc;
  const [selection, setSelection] = useState<Selection>({ kind: 'form' });
  const [epoch, setEpoch] = useState(0);
  const [middleTab, setMiddleTab] = useState('properties');
  const [rightTab, setRightTab] = useState('preview');
  const [publishing, setPublishing] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const [mine, setMine] = useState<FormDocument>();
  const previewRuntime = useRef<FormRuntime>();
  const middle = useRef<HTMLDivElement>(null);
  const selectionKey = selection.kind === 'form' ? 'form' : `${selection.kind}:${selection.index}`;
  // A newly selected item's panel starts at its top.
  useEffect(() => {
    middle.current?.scrollTo?.({ top: 0 });
  }, [selectionKey]);

  const { message } = App.useApp();
  // The tenant's dictionaries and crowd labels, once per editor: the 问题 check, the pickers and completion.
  const worldList = useSWR(['form-dictionary-world'], () => getDictionaryWorld(), { revalidateOnFocus: false });
  const carried = wc.dictionaries;
  const tenantWorld: TenantWorld | undefined = useMemo(
    () => (worldList.data ? { dictionaries: worldList.data, carried: carried ?? {} } : undefined),
    [worldList.data, carried],
  );
  const formWorld = useMemo(() => (tenantWorld ? formWorldOf(tenantWorld.dictionaries, tenantWorld.carried) : undefined), [tenantWorld]);
  const [dictionaryRequest, setDictionaryRequest] = useState<DictionaryRequest>();

  const analysis = useMemo(() => analyse(doc, formWorld), [doc, formWorld]);
  const compiles = analysis.schema.length === 0 && !analysis.compile.some((e) => e.severity === 'error');
  // The preview shows the last document that compiles.
  const lastGood = useRef<FormDocument>();
  if (compiles) lastGood.current = doc;
  // …with the tenant's and the carried dictionaries as its lists (the preview asks no server).
  const signature = worldSignature(tenantWorld);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the shown document or what the world lists changes
  const previewDoc = useMemo(() => previewDocument(lastGood.current, tenantWorld), [lastGood.current, signature]);

  // A form never published has no version to ask for.
  const latest = useSWR(
    (wc.row?.version ?? 0) > 0 ? ['form-latest', doc.formCode, wc.row?.version] : null,
    () => getPublishedDocument(doc.formCode),
    { revalidateOnFocus: false },
  );
  const status = workingStatus(wc.row?.version ?? 0, doc, latest.data ?? undefined);

  const optionsOf: OptionsOf = useMemo(() => worldOptionsOf(doc, formWorld, BUNDLED_CODEMAPS), [doc, formWorld]);

  const targets = useMemo(() => errorTargets(doc, analysis), [analysis, doc]);
  const fieldProblems = useMemo(() => {
    const counts = new Map<number, number>();
    for (const t of targets) if (t.kind === 'field') counts.set(t.index, (counts.get(t.index) ?? 0) + 1);
    return counts;
  }, [targets]);
  const formProblems = targets.filter((t) => t.kind === 'form').length;
  const problemCount = targets.length;

  const { setDoc } = wc;
  const onRuntime = useCallback((r: FormRuntime | undefined) => {
    previewRuntime.current = r;
  }, []);

  const renameInCases = (from: string, to: string) => {
    if (wc.cases) wc.setCases(renameFieldInCases(wc.cases, from, to));
  };

  const select = (s: Selection) => {
    setSelection(s);
    if (s.kind !== 'field' && middleTab === 'rules') setMiddleTab('properties');
  };

  const goTo = (t: ReturnType<typeof errorTargets>[number]) => {
    if (t.kind === 'field') select({ kind: 'field', index: t.index });
    else if (t.kind === 'section') select({ kind: 'section', index: t.index });
    else select({ kind: 'form' });
  };

  const onMove = (activeKey: string, overKey: string) => {
    const sectionId = selection.kind === 'section' ? doc.sections?.[selection.index]?.id : undefined;
    const moved = moveRow(doc, activeKey, overKey, m.noSection);
    if (!moved) return;
    setDoc(() => moved.doc);
    if (selection.kind === 'field') setSelection({ kind: 'field', index: moved.indexMap.get(selection.index) ?? selection.index });
    if (sectionId !== undefined) setSelection({ kind: 'section', index: (moved.doc.sections ?? []).findIndex((s) => s.id === sectionId) });
    setEpoch((e) => e + 1);
  };

  const reloadAfterConflict = async () => {
    const kept = doc;
    downloadFiles([{ name: `${doc.formCode}.mine.json`, text: `${JSON.stringify(kept, null, 2)}\n` }]);
    setMine(kept);
    await wc.reload();
    setSelection({ kind: 'form' });
    setEpoch((e) => e + 1);
  };

  return (
    <Flex vertical className="fd-editor" data-testid="form-editor">
      <Flex className="fd-toolbar" align="center" gap={8} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {m.back}
        </Button>
        <Typography.Text strong style={{ fontSize: 15 }}>
          {doc.formName}
        </Typography.Text>
        <Tag>{doc.formCode}</Tag>
        <StatusTag status={status} />
        <SaveState status={wc.status} error={wc.error} />
        <span style={{ flex: 1 }} />
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => downloadFiles(exportFiles(doc, wc.cases ?? undefined, wc.dictionaries))}>
            {m.export}
          </Button>
          <Button icon={<HistoryOutlined />} onClick={() => setShowVersions(true)}>
            {m.versions}
          </Button>
          <Tooltip title={analysis.publishable ? undefined : analysis.worldKnown ? m.publishBlocked : m.publishWorldLoading}>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={!analysis.publishable || wc.status === 'conflict'}
              onClick={() => setPublishing(true)}
            >
              {m.publish}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
      <Flex className="fd-columns" gap={8}>
        <div className="fd-column fd-column-outline">
          <OutlineTree
            doc={doc}
            selection={selection}
            onSelect={select}
            onMove={onMove}
            onAddSection={() => {
              const added = addSection(doc, m.newSection((doc.sections?.length ?? 0) + 1));
              setDoc(() => added.doc);
              select({ kind: 'section', index: (added.doc.sections?.length ?? 1) - 1 });
            }}
            onAddField={(sectionId) => {
              const added = addField(doc, sectionId, m.newField);
              setDoc(() => added.doc);
              setSelection({ kind: 'field', index: added.index });
              setEpoch((e) => e + 1);
              setMiddleTab('properties');
            }}
            onRemoveField={(index) => {
              setDoc((d) => removeField(d, index));
              setSelection({ kind: 'form' });
              setEpoch((e) => e + 1);
            }}
            onRemoveSection={(id) => {
              setDoc((d) => removeSection(d, id));
              setSelection({ kind: 'form' });
              setEpoch((e) => e + 1);
            }}
            fieldProblems={fieldProblems}
            formProblems={formProblems}
          />
        </div>
        <div className="fd-column fd-column-middle" ref={middle}>
          <Tabs
            size="small"
            activeKey={middleTab}
            onChange={setMiddleTab}
            items={[
              {
                key: 'properties',
                label: m.properties,
                children: (
                  <FrozenWhileHidden hidden={middleTab !== 'properties'}>
                    <PropertiesPane
                      doc={doc}
                      selection={selection}
                      analysis={analysis}
                      setDoc={setDoc}
                      epoch={epoch}
                      onFieldRenamed={renameInCases}
                      world={tenantWorld}
                      onDictionary={setDictionaryRequest}
                    />
                  </FrozenWhileHidden>
                ),
              },
              {
                key: 'rules',
                label: selection.kind === 'field' ? `${m.rules} (${doc.fields[selection.index]?.reckons?.length ?? 0})` : m.rules,
                children:
                  selection.kind === 'field' ? (
                    <RuleEditor
                      key={`${selection.index}:${epoch}`}
                      doc={doc}
                      fieldIndex={selection.index}
                      optionsOf={optionsOf}
                      compile={analysis.compile}
                      compileComplete={analysis.schema.length === 0}
                      onChange={(reckons: Reckon[]) => setDoc((d) => replaceReckons(d, selection.index, reckons))}
                    />
                  ) : (
                    <Typography.Text type="secondary">{m.pickField}</Typography.Text>
                  ),
              },
            ]}
          />
        </div>
        <div className="fd-column fd-column-right">
          <Tabs
            size="small"
            activeKey={rightTab}
            onChange={setRightTab}
            items={[
              {
                key: 'preview',
                label: m.preview,
                forceRender: true,
                children: (
                  <FrozenWhileHidden hidden={rightTab !== 'preview'}>
                    <PreviewPane doc={previewDoc} stale={!compiles && lastGood.current !== undefined} onRuntime={onRuntime} />
                  </FrozenWhileHidden>
                ),
              },
              {
                key: 'cases',
                label: m.cases,
                children: (
                  <FrozenWhileHidden hidden={rightTab !== 'cases'}>
                    <CasePanel doc={doc} cases={wc.cases} onCases={wc.setCases} preview={() => previewRuntime.current} />
                  </FrozenWhileHidden>
                ),
              },
              {
                key: 'problems',
                label: (
                  <span>
                    {m.problems} <Badge count={problemCount} size="small" showZero={false} />
                  </span>
                ),
                children: (
                  <FrozenWhileHidden hidden={rightTab !== 'problems'}>
                    <ProblemsList
                      doc={doc}
                      analysis={analysis}
                      onGo={goTo}
                      worldError={worldList.error ? errorText(worldList.error) : undefined}
                      onRetryWorld={() => void worldList.mutate()}
                      onDictionary={setDictionaryRequest}
                    />
                  </FrozenWhileHidden>
                ),
              },
            ]}
          />
        </div>
      </Flex>

      {dictionaryRequest && (
        <DictionaryDialog
          request={dictionaryRequest}
          world={tenantWorld}
          carried={carried}
          onClose={() => setDictionaryRequest(undefined)}
          onSave={(next, code) => {
            wc.setDictionaries(next);
            const index = dictionaryRequest.fieldIndex;
            if (code && index !== undefined)
              setDoc((d) => {
                const f = d.fields[index];
                return f && f.bizCode !== code ? { ...d, fields: d.fields.map((x, i) => (i === index ? { ...x, bizCode: code } : x)) } : d;
              });
            if (code && index !== undefined) setEpoch((e) => e + 1);
            if (code) void message.success(m.dictionaryAdded(code));
            setDictionaryRequest(undefined);
          }}
        />
      )}
      {publishing && (
        <PublishDialog
          open
          formId={formId}
          doc={doc}
          latest={latest.data ?? undefined}
          flush={wc.flush}
          carried={carried}
          onClose={() => setPublishing(false)}
          onPublished={() => {
            setPublishing(false);
            void wc.reload();
            // Publishing created the carried dictionaries in the tenant: its world changed, and the
            // tab's kept dictionary answers (other forms' pages in this tab) are out of date.
            refreshFormDictionaries();
            void worldList.mutate();
            void latest.mutate();
          }}
        />
      )}
      <VersionsDrawer
        open={showVersions}
        formCode={doc.formCode}
        working={doc}
        onClose={() => setShowVersions(false)}
        onRolledBack={() => {
          setShowVersions(false);
          void wc.reload().then(() => setEpoch((e) => e + 1));
          void latest.mutate();
        }}
      />
      <Modal
        open={wc.status === 'conflict'}
        title={m.conflictTitle}
        closable={false}
        maskClosable={false}
        footer={[
          <Button
            key="download"
            onClick={() => downloadFiles([{ name: `${doc.formCode}.mine.json`, text: `${JSON.stringify(doc, null, 2)}\n` }])}
          >
            {m.conflictDownload}
          </Button>,
          <Button key="reload" type="primary" onClick={() => void reloadAfterConflict()}>
            {m.conflictReload}
          </Button>,
        ]}
      >
        <div data-testid="conflict-dialog">
          <Alert
            type="warning"
            showIcon
            message={m.conflictText(wc.conflict?.updateUserName ?? '', wc.conflict?.updateTime ?? '')}
            description={wc.conflict?.message}
            style={{ marginBottom: 8 }}
          />
          <Typography.Paragraph>{m.conflictHint}</Typography.Paragraph>
        </div>
      </Modal>
      <Drawer open={mine !== undefined} title={m.mineTitle} onClose={() => setMine(undefined)} width={480} mask={false}>
        <Typography.Paragraph type="secondary">{m.mineHint}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          style={{ marginBottom: 8 }}
          onClick={() => mine && downloadFiles([{ name: `${mine.formCode}.mine.json`, text: `${JSON.stringify(mine, null, 2)}\n` }])}
        >
          {m.conflictDownload}
        </Button>
        <pre className="fd-code" style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {mine ? JSON.stringify(mine, null, 2) : ''}
        </pre>
      </Drawer>
    </Flex>
  );
}

function SaveState({ status, error }: { status: SaveStatus; error?: string }) {
  const m = useMessages(designerMessages);
  const text: Record<SaveStatus, string> = {
    loading: m.loading,
    saved: m.saveSaved,
    dirty: m.saveDirty,
    saving: m.saveSaving,
    invalid: m.saveInvalid,
    error: m.saveError(error ?? ''),
    conflict: m.saveConflict,
  };
  const type = status === 'error' || status === 'conflict' ? 'danger' : status === 'invalid' ? 'warning' : 'secondary';
  return (
    <Typography.Text type={type} data-testid="save-state" data-status={status} style={{ fontSize: 12 }}>
      {text[status]}
    </Typography.Text>
  );
}
