import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { FormDocument } from '../../engine';
import { BUNDLED_CODEMAPS, type FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { caseFromPreview, emptyCasesFile, parseCases, runCases, type CaseFailure, type CasesFile, type CasesRun } from './case-runner';
import { designerMessages } from './designer-messages';

// The analysts' cases shipped with the app, loaded only when asked for (code-split).
const BUNDLED_CASES = import.meta.glob<CasesFile>('../../../rules/*.cases.json', { import: 'default' });
const bundledCasesLoader = (formCode: string) =>
  Object.entries(BUNDLED_CASES).find(([path]) => path.endsWith(`/${formCode}.cases.json`))?.[1];

export interface CasePanelProps {
  doc: FormDocument;
  cases: CasesFile | null;
  onCases: (cases: CasesFile | null) => void;
  /** The preview's runtime, to take a case from what it shows. */
  preview: () => FormRuntime | undefined;
}

const show = (v: unknown) => JSON.stringify(v, null, 0) ?? 'undefined';
const pretty = (file: CasesFile) => JSON.stringify(file, null, 2);

/**
 * The form's rule cases as JSON in the cases-file format, checked against its meta-schema as you
 * type and kept with the working copy once valid; run in the browser by the engine (the calls of
 * `npm run rules:test`), pass or fail per case with what differed.
 */
export function CasePanel({ doc, cases, onCases, preview }: CasePanelProps) {
  const m = useMessages(designerMessages);
  const [text, setText] = useState(() => pretty(cases ?? emptyCasesFile(doc.formCode)));
  const [run, setRun] = useState<CasesRun>();
  const parsed = useMemo(() => parseCases(text, doc.formCode), [text, doc.formCode]);
  const loadBundled = bundledCasesLoader(doc.formCode);

  // Cases from outside (a reload) replace the text unless it already says the same.
  useEffect(() => {
    setText((t) => {
      const now = parseCases(t, doc.formCode);
      return now.ok && JSON.stringify(now.file) === JSON.stringify(cases) ? t : cases ? pretty(cases) : t;
    });
  }, [cases, doc.formCode]);

  const edit = (next: string) => {
    setText(next);
    setRun(undefined);
    const p = parseCases(next, doc.formCode);
    if (p.ok) onCases(p.file.cases.length ? p.file : null);
  };

  const runAll = (file: CasesFile) => setRun(runCases(doc, file, BUNDLED_CODEMAPS));

  const addFromPreview = () => {
    const runtime = preview();
    if (!runtime || !parsed.ok) return;
    const file = parsed.file;
    const next: CasesFile = {
      ...file,
      cases: [
        ...file.cases,
        caseFromPreview(m.caseName(file.cases.length + 1), runtime.session.inputs(), runtime.session.snapshot(), [
          ...runtime.compiled.calcNodeOf.keys(),
        ]),
      ],
    };
    edit(pretty(next));
  };

  const results = run?.ok ? run.results : [];
  const passed = results.filter((r) => r.failures.length === 0).length;
  return (
    <Flex vertical gap={8} className="fd-cases" data-testid="cases">
      <Typography.Text type="secondary">{m.casesHint}</Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" disabled={!parsed.ok} onClick={() => parsed.ok && runAll(parsed.file)}>
          {m.runCases}
        </Button>
        <Button disabled={!parsed.ok} onClick={addFromPreview}>
          {m.addFromPreview}
        </Button>
        {loadBundled && (
          <Button
            onClick={() =>
              void loadBundled().then((file) => {
                const { $schema: _schema, ...rest } = file;
                edit(pretty(rest));
              })
            }
          >
            {m.loadBundledCases}
          </Button>
        )}
      </Flex>
      <Input.TextArea
        aria-label={m.cases}
        value={text}
        onChange={(e) => edit(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 18 }}
        className="fd-code"
        spellCheck={false}
      />
      {!parsed.ok && (
        <Alert
          type="error"
          showIcon
          message={m.casesInvalid}
          description={parsed.problems.map((p, i) => (
            <div key={i}>{p}</div>
          ))}
        />
      )}
      {run && !run.ok && (
        <Alert
          type="error"
          showIcon
          message={m.casesNotRun}
          description={run.problems.map((p, i) => (
            <div key={i}>{p}</div>
          ))}
        />
      )}
      {run?.ok && (
        <div data-testid="case-results">
          <Typography.Text strong>{results.length ? m.casesSummary(passed, results.length) : m.casesNone}</Typography.Text>
          {results.map((r, i) => (
            <div key={i} className="fd-case-result" data-case={r.name} data-passed={r.failures.length === 0}>
              <Flex gap={6} align="center" style={{ marginTop: 6 }}>
                {r.failures.length === 0 ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}
                <Typography.Text>{r.name}</Typography.Text>
                <Tag color={r.failures.length === 0 ? 'success' : 'error'}>{r.failures.length === 0 ? m.casePassed : m.caseFailed}</Tag>
              </Flex>
              {r.failures.length > 0 && (
                <Table<CaseFailure>
                  size="small"
                  pagination={false}
                  rowKey={(f) => f.subject}
                  dataSource={r.failures}
                  columns={[
                    { title: m.caseSubject, dataIndex: 'subject', width: '30%' },
                    { title: m.caseExpected, dataIndex: 'expected', render: (v: unknown) => <code>{show(v)}</code> },
                    { title: m.caseActual, dataIndex: 'actual', render: (v: unknown) => <code>{show(v)}</code> },
                  ]}
                />
              )}
            </div>
          ))}
        </div>
      )}
    </Flex>
  );
}
