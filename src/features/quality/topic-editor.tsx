import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import useSWR, { useSWRConfig } from 'swr';
import {
  checkTopic,
  getTopicDocument,
  listQualityTopics,
  listTopicForms,
  removeTopic,
  submitTopic,
  type TopicCheck,
  type TopicDetail,
  type TopicField,
} from '../../api/quality';
import { RequestError } from '../../api/request';
import { ExpressionEditor } from '../../components/expression-editor';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  bodyOf,
  caseValueErrors,
  completionsOf,
  draftOf,
  emptyCase,
  emptyDraft,
  emptyRule,
  ruleDiagnostics,
  type CaseRow,
  type RuleRow,
  type TopicDraft,
} from './topic-draft';
import { topicEditorMessages } from './topic-editor-messages';

const QUALITY_INDEX = '/qualitymanage/index';
const KINDS = ['completeness', 'logic', 'timeliness'];

/** One rule's condition: the shared expression editor, completing the form's fields, the engine's messages inline and listed. */
function ConditionCell(props: {
  rule: RuleRow;
  index: number;
  fields: TopicField[];
  onChange: (when: string) => void;
  label: string;
  /** The server's check answers for this rule: its messages are listed instead (the same engine's, not twice). */
  checked: boolean;
}) {
  const { rule, fields } = props;
  const complete = useMemo(() => completionsOf(fields), [fields]);
  const diagnose = useCallback((text: string) => ruleDiagnostics(fields, { ...rule, when: text }), [fields, rule]);
  const compiled = useMemo(() => ruleDiagnostics(fields, rule), [fields, rule]);
  const listed = props.checked ? [] : compiled;
  return (
    <>
      <ExpressionEditor
        value={rule.when}
        onChange={props.onChange}
        complete={complete}
        diagnose={diagnose}
        ariaLabel={props.label}
        testId={`topic-rule-when-${props.index}`}
      />
      {listed.map((d, k) => (
        <Typography.Text key={k} type={d.severity === 'error' ? 'danger' : 'warning'} style={{ display: 'block', fontSize: 12 }}>
          {d.message}
        </Typography.Text>
      ))}
    </>
  );
}

/**
 * /qualitymanage/edit?code=: a topic's editor (decision 0042). The header, the rules (condition in
 * the shared expression editor with the form's fields) and the cases are edited here; 校验 asks the
 * server to compile and run the cases (its messages shown next to the rule or case), 保存 does the
 * same check and stores the tenant's version, 恢复为文件版本 removes it. The rules and cases are
 * tables of expressions and JSON values, which a form document's fields do not express (decision 0042).
 */
export function TopicEditor({ code }: { code: string | undefined }) {
  const m = useMessages(topicEditorMessages);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // The topic's page keeps its rules with its failures (quality-page.tsx), and its tab may still be
  // open (kept alive, so it does not load again when shown): after a save or a revert its data is
  // dropped and asked again, so it shows the version now in force, never the one before.
  const forgetTopicPages = () => mutate((key) => Array.isArray(key) && key[0] === 'quality-failures', undefined, { revalidate: true });
  const [draft, setDraftState] = useState<TopicDraft | undefined>(code ? undefined : emptyDraft());
  const [detail, setDetail] = useState<TopicDetail>();
  const [check, setCheck] = useState<TopicCheck | null>(null);
  const [busy, setBusy] = useState(false);

  // Read once per opening, not from a cache: the version read is what a save names.
  useEffect(() => {
    if (!code) return undefined;
    let live = true;
    void getTopicDocument(code).then((d) => {
      if (!live) return;
      setDetail(d);
      setDraftState(draftOf(d.document));
    });
    return () => {
      live = false;
    };
  }, [code]);
  const formList = useSWR('quality-topic-forms', listTopicForms, { revalidateOnFocus: false }).data;
  const forms = useMemo(() => formList ?? [], [formList]);
  const topics = useSWR('quality-topic-groups', () => listQualityTopics({ current: 1, size: 200 })).data?.records ?? [];
  const groupOptions = [...new Map(topics.map((t) => [t.qualityType, t.qualityTypeName])).entries()].map(([value, label]) => ({
    value,
    label,
  }));

  // Any change makes the last check's answer stale.
  const setDraft = (change: (d: TopicDraft) => TopicDraft) => {
    setDraftState((d) => (d ? change(d) : d));
    setCheck(null);
  };
  const fields = useMemo(() => forms.find((f) => f.code === draft?.form)?.fields ?? [], [forms, draft?.form]);
  const valueErrors = useMemo(() => (draft ? caseValueErrors(draft, m.badValues) : new Map<number, string>()), [draft, m.badValues]);

  // The rules are edited against the form's fields: not before they are known.
  if (!draft || !formList) return <Card loading />;

  const setRule = (i: number, patch: Partial<RuleRow>) =>
    setDraft((d) => ({ ...d, rules: d.rules.map((r, k) => (k === i ? { ...r, ...patch } : r)) }));
  const setCase = (i: number, patch: Partial<CaseRow>) =>
    setDraft((d) => ({ ...d, cases: d.cases.map((c, k) => (k === i ? { ...c, ...patch } : c)) }));
  const problemsOfRule = (id: string) => check?.problems.filter((p) => p.ruleId !== null && p.ruleId === id.trim()) ?? [];
  const topicProblems = check?.problems.filter((p) => p.ruleId === null && p.caseIndex === null) ?? [];

  const runCheck = async () => {
    if (valueErrors.size) return;
    setBusy(true);
    try {
      const result = await checkTopic(bodyOf(draft, detail?.version ?? null));
      setCheck(result);
      if (result.ok) void message.success(m.checkPassed);
      else void message.error(m.checkFailed);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (valueErrors.size) return;
    setBusy(true);
    try {
      const saved = await submitTopic(bodyOf(draft, detail?.version ?? null));
      void message.success(m.saved);
      setDetail(saved);
      await forgetTopicPages();
      navigate(`/qualitymanage/${saved.document.code}`);
    } catch (e) {
      // A refused save carries the check: shown by rule and case, as 校验 shows it.
      const data = e instanceof RequestError ? (e.body as { data?: TopicCheck } | undefined)?.data : undefined;
      if (data && Array.isArray(data.problems)) setCheck(data);
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const revert = async () => {
    await removeTopic(draft.code);
    await forgetTopicPages();
    void message.success(detail?.hasFile ? m.reverted : m.removed);
    navigate(detail?.hasFile ? `/qualitymanage/${draft.code}` : QUALITY_INDEX);
  };

  const ruleIds = draft.rules.map((r) => r.id.trim()).filter(Boolean);
  const ruleColumns: ColumnsType<RuleRow> = [
    {
      title: m.ruleId,
      width: 190,
      render: (_, r, i) => <Input aria-label={`${m.ruleId} ${i + 1}`} value={r.id} onChange={(e) => setRule(i, { id: e.target.value })} />,
    },
    {
      title: m.when,
      render: (_, r, i) => (
        <Flex vertical gap={2} data-rule-row={i}>
          <ConditionCell
            rule={r}
            index={i}
            fields={fields}
            label={`${m.when} ${i + 1}`}
            onChange={(when) => setRule(i, { when })}
            checked={check !== null}
          />
          {problemsOfRule(r.id).map((p, k) => (
            <Typography.Text key={k} type="danger" style={{ fontSize: 12 }} data-testid="rule-problem">
              {p.message}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      title: m.message,
      width: 280,
      render: (_, r, i) => (
        <Input.TextArea
          aria-label={`${m.message} ${i + 1}`}
          autoSize={{ minRows: 1, maxRows: 3 }}
          value={r.message}
          onChange={(e) => setRule(i, { message: e.target.value })}
        />
      ),
    },
    {
      title: '',
      width: 70,
      render: (_, _r, i) => (
        <Button type="link" danger size="small" onClick={() => setDraft((d) => ({ ...d, rules: d.rules.filter((_x, k) => k !== i) }))}>
          {m.remove}
        </Button>
      ),
    },
  ];

  const caseColumns: ColumnsType<CaseRow> = [
    {
      title: m.caseName,
      width: 180,
      render: (_, c, i) => (
        <Input aria-label={`${m.caseName} ${i + 1}`} value={c.name} onChange={(e) => setCase(i, { name: e.target.value })} />
      ),
    },
    {
      title: m.values,
      render: (_, c, i) => (
        <>
          <Input.TextArea
            aria-label={`${m.values} ${i + 1}`}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={c.values}
            status={valueErrors.has(i) ? 'error' : undefined}
            onChange={(e) => setCase(i, { values: e.target.value })}
            style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}
          />
          {valueErrors.has(i) && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {valueErrors.get(i)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: m.fails,
      width: 220,
      render: (_, c, i) => (
        <Select
          mode="multiple"
          aria-label={`${m.fails} ${i + 1}`}
          style={{ width: '100%' }}
          value={c.fails}
          options={ruleIds.map((id) => ({ value: id, label: id }))}
          onChange={(fails: string[]) => setCase(i, { fails })}
        />
      ),
    },
    {
      title: m.today,
      width: 130,
      render: (_, c, i) => <Input placeholder="yyyy-MM-dd" value={c.today} onChange={(e) => setCase(i, { today: e.target.value })} />,
    },
    {
      title: m.result,
      width: 200,
      render: (_, _c, i) => {
        const result = check?.cases[i];
        const problem = check?.problems.find((p) => p.caseIndex === i);
        if (!result) return null;
        return result.passed ? (
          <Tag color="success">{m.passed}</Tag>
        ) : (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="case-problem">
            {problem?.message ?? m.failedCase(result.got.join('、'))}
          </Typography.Text>
        );
      },
    },
    {
      title: '',
      width: 70,
      render: (_, _c, i) => (
        <Button type="link" danger size="small" onClick={() => setDraft((d) => ({ ...d, cases: d.cases.filter((_x, k) => k !== i) }))}>
          {m.remove}
        </Button>
      ),
    },
  ];

  const isNew = !code;
  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={isNew ? m.newTitle : m.editTitle(detail?.document.name ?? code)}
        extra={
          <Button size="small" onClick={() => navigate(QUALITY_INDEX)}>
            {m.back}
          </Button>
        }
      >
        <Flex vertical gap={8}>
          {detail && (
            <Space wrap>
              <Tag color={detail.origin === 'tenant' ? 'blue' : 'default'}>{m.origin(detail.origin === 'tenant')}</Tag>
              {detail.origin === 'tenant' && detail.version !== null && (
                <Typography.Text type="secondary">{m.savedBy(detail.updateUserName, detail.updateTime, detail.version)}</Typography.Text>
              )}
              {detail.origin === 'file' && <Typography.Text type="secondary">{m.fileNotice}</Typography.Text>}
            </Space>
          )}
          <Form layout="vertical" component="div">
            <Row gutter={12}>
              <Col span={6}>
                <Form.Item label={m.code} required extra={isNew ? m.codeHint : undefined} style={{ marginBottom: 8 }}>
                  <Input
                    aria-label={m.code}
                    value={draft.code}
                    disabled={!isNew}
                    onChange={(e) => setDraft((d) => ({ ...d, code: e.target.value }))}
                  />
                </Form.Item>
              </Col>
              <Col span={18}>
                <Form.Item label={m.name} required style={{ marginBottom: 8 }}>
                  <Input aria-label={m.name} value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={m.group} required style={{ marginBottom: 8 }}>
                  <Select
                    aria-label={m.group}
                    value={draft.qualityType || undefined}
                    options={groupOptions}
                    onChange={(qualityType: string) => setDraft((d) => ({ ...d, qualityType }))}
                  />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item label={m.kind} required style={{ marginBottom: 8 }}>
                  <Select
                    aria-label={m.kind}
                    value={draft.queryType}
                    options={KINDS.map((k) => ({ value: k, label: m.kindName(k) }))}
                    onChange={(queryType: string) => setDraft((d) => ({ ...d, queryType }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label={m.form}
                  required
                  extra={fields.length ? m.fieldsOf(fields.length) : undefined}
                  style={{ marginBottom: 8 }}
                >
                  <Select
                    aria-label={m.form}
                    showSearch
                    optionFilterProp="label"
                    value={draft.form || undefined}
                    options={forms.map((f) => ({ value: f.code, label: `${f.name}（${f.code}）` }))}
                    onChange={(form: string) => setDraft((d) => ({ ...d, form }))}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label={m.source} style={{ marginBottom: 0 }}>
                  <Input.TextArea
                    aria-label={m.source}
                    autoSize={{ minRows: 1, maxRows: 3 }}
                    value={draft.source}
                    onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          {topicProblems.length > 0 && (
            <Alert type="error" showIcon message={m.problems} description={topicProblems.map((p) => p.message).join('；')} />
          )}
        </Flex>
      </Card>
      <Card
        size="small"
        title={m.rules}
        extra={
          <Button size="small" onClick={() => setDraft((d) => ({ ...d, rules: [...d.rules, emptyRule()] }))}>
            {m.addRule}
          </Button>
        }
      >
        <Table rowKey="key" size="small" pagination={false} columns={ruleColumns} dataSource={draft.rules} />
      </Card>
      <Card
        size="small"
        title={m.cases}
        extra={
          <Button size="small" onClick={() => setDraft((d) => ({ ...d, cases: [...d.cases, emptyCase()] }))}>
            {m.addCase}
          </Button>
        }
      >
        <Table rowKey="key" size="small" pagination={false} columns={caseColumns} dataSource={draft.cases} />
      </Card>
      <Card size="small">
        <Space wrap>
          <Button loading={busy} onClick={() => void runCheck()}>
            {m.check}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {m.save}
          </Button>
          {detail?.origin === 'tenant' && (
            <Popconfirm title={detail.hasFile ? m.revertConfirm : m.removeConfirm} onConfirm={() => void revert()}>
              <Button danger>{detail.hasFile ? m.revert : m.removeTopic}</Button>
            </Popconfirm>
          )}
          {check && (
            <Typography.Text type={check.ok ? 'success' : 'danger'} data-testid="check-outcome">
              {check.ok ? m.checkPassed : m.checkFailed}
            </Typography.Text>
          )}
        </Space>
      </Card>
    </Flex>
  );
}
