import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Empty, Flex, Input, Select, Space, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import type { CompileError, FormDocument, Reckon, RuleKind } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { codeItems, fieldItems, functionItems, insideString, keywordItems, type CompletionItem, type OptionsOf } from './completions';
import { compileText, diagnosticsOf, expressionDiagnostics, type ExpressionSlot } from './diagnostics';
import { allRuleIds, RULE_KINDS, RULE_SLOTS, uniqueName, withoutKey } from './document-utils';
import { designerMessages } from './designer-messages';
import { ExpressionEditor } from './expression-editor';

export interface RuleEditorProps {
  doc: FormDocument;
  fieldIndex: number;
  onChange: (reckons: Reckon[]) => void;
  optionsOf: OptionsOf;
  /** The compiler's messages (whole document), for what is not about an expression (a duplicate id…). */
  compile: CompileError[];
  /** The document passed the meta-schema, so `compile` covers every expression in it. */
  compileComplete: boolean;
}

/** Drops what a kind does not read, so a changed kind never leaves a stray expression behind. */
function withKind(r: Reckon, kind: RuleKind): Reckon {
  const slots = RULE_SLOTS[kind];
  let next: Reckon = { ...r, kind };
  if (!slots.expression) next = withoutKey(next, 'tcontent');
  if (!slots.message) next = withoutKey(next, 'errMsg');
  return next;
}

const setText = (r: Reckon, key: 'scontent' | 'tcontent' | 'errMsg' | 'note' | 'id', value: string): Reckon =>
  value === '' && key !== 'id' ? withoutKey(r, key) : { ...r, [key]: value };

/**
 * The selected field's reckons: kind, id, condition (scontent) and expression (tcontent) on
 * CodeMirror with completion and the engine's diagnostics, message (errMsg) and note.
 */
export function RuleEditor({ doc, fieldIndex, onChange, optionsOf, compile, compileComplete }: RuleEditorProps) {
  const m = useMessages(designerMessages);
  const field = doc.fields[fieldIndex];
  const reckons = useMemo(() => field?.reckons ?? [], [field]);

  const baseItems = useMemo(() => [...fieldItems(doc), ...functionItems(), ...keywordItems()], [doc]);
  const complete = useCallback(
    (before: string): { items: CompletionItem[]; inString: boolean } =>
      insideString(before) ? { items: codeItems(doc, optionsOf, before), inString: true } : { items: baseItems, inString: false },
    [doc, optionsOf, baseItems],
  );

  if (!field) return <Empty description={m.pickField} />;

  const change = (i: number, next: Reckon) => onChange(reckons.map((r, j) => (j === i ? next : r)));
  const add = (kind: RuleKind) => {
    const id = uniqueName(`${field.fieldProp}.${kind}`, allRuleIds(doc));
    onChange([...reckons, { id, kind }]);
  };

  return (
    <Flex vertical gap={8} className="fd-rules" data-testid="rule-editor">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>
          {field.fieldLabel} <Typography.Text type="secondary">({field.fieldProp})</Typography.Text>
        </Typography.Text>
        <Dropdown
          menu={{
            items: RULE_KINDS.map((k) => ({ key: k, label: `${m.ruleKindNames(k)} (${k})` })),
            onClick: ({ key }) => add(key as RuleKind),
          }}
          trigger={['click']}
        >
          <Button size="small" type="primary" icon={<PlusOutlined />}>
            {m.addRule}
          </Button>
        </Dropdown>
      </Flex>
      {reckons.length === 0 && <Typography.Text type="secondary">{m.noRules}</Typography.Text>}
      {reckons.map((r, i) => {
        const kind = r.kind ?? 'calc';
        const slots = RULE_SLOTS[kind];
        const others = compile.filter((e) => e.ruleId === r.id && e.expression === undefined);
        const editor = (slot: ExpressionSlot, label: string, hint: string) => (
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label}
              {hint && ` — ${hint}`}
            </Typography.Text>
            <ExpressionField
              doc={doc}
              fieldIndex={fieldIndex}
              reckonIndex={i}
              slot={slot}
              ruleId={r.id}
              compile={compileComplete ? compile : undefined}
              value={r[slot] ?? ''}
              label={`${r.id} ${label}`}
              complete={complete}
              onChange={(text) => change(i, setText(r, slot, text))}
            />
          </div>
        );
        return (
          <Card key={i} size="small" className="fd-rule" data-rule={r.id}>
            <Flex vertical gap={6}>
              <Space.Compact style={{ width: '100%' }}>
                <Select<RuleKind>
                  aria-label={m.ruleKind}
                  value={kind}
                  style={{ width: 150 }}
                  options={RULE_KINDS.map((k) => ({ value: k, label: m.ruleKindNames(k) }))}
                  onChange={(k) => change(i, withKind(r, k))}
                />
                <Input aria-label={m.ruleId} value={r.id} onChange={(e) => change(i, setText(r, 'id', e.target.value))} />
                <Button aria-label={m.removeRule} icon={<DeleteOutlined />} onClick={() => onChange(reckons.filter((_, j) => j !== i))} />
              </Space.Compact>
              {slots.condition && editor('scontent', m.condition, m.conditionHint(kind))}
              {slots.expression && editor('tcontent', m.expression, m.expressionHint(kind))}
              {slots.message && (
                <Input
                  aria-label={`${r.id} ${m.errMsg}`}
                  placeholder={m.errMsg}
                  value={r.errMsg ?? ''}
                  onChange={(e) => change(i, setText(r, 'errMsg', e.target.value))}
                />
              )}
              <Input
                aria-label={`${r.id} ${m.note}`}
                placeholder={m.note}
                value={r.note ?? ''}
                onChange={(e) => change(i, setText(r, 'note', e.target.value))}
              />
              {others.map((e, k) => (
                <Alert key={k} type={e.severity === 'error' ? 'error' : 'warning'} showIcon message={compileText(e)} />
              ))}
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}

interface ExpressionFieldProps {
  doc: FormDocument;
  fieldIndex: number;
  reckonIndex: number;
  slot: ExpressionSlot;
  ruleId: string | undefined;
  /** The designer's compile of the whole document, which already holds `value`; none while the document fails its meta-schema. */
  compile: CompileError[] | undefined;
  value: string;
  label: string;
  complete: (before: string) => { items: CompletionItem[]; inString: boolean };
  onChange: (text: string) => void;
}

/** An expression editor with the compiler's messages about it, inline and listed under it. */
function ExpressionField({ doc, fieldIndex, reckonIndex, slot, ruleId, compile, value, label, complete, onChange }: ExpressionFieldProps) {
  // The text the document holds is diagnosed by the designer's one compile per change; only a text
  // the document does not hold yet (CodeMirror's linter ahead of the state) compiles on its own.
  const listed = useMemo(
    () => (compile ? diagnosticsOf(compile, ruleId, value) : expressionDiagnostics(doc, fieldIndex, reckonIndex, slot, value)),
    [compile, ruleId, value, doc, fieldIndex, reckonIndex, slot],
  );
  const diagnose = useCallback(
    (text: string) => (text === value ? listed : expressionDiagnostics(doc, fieldIndex, reckonIndex, slot, text)),
    [doc, fieldIndex, reckonIndex, slot, value, listed],
  );
  return (
    <>
      <ExpressionEditor
        value={value}
        onChange={onChange}
        complete={complete}
        diagnose={diagnose}
        ariaLabel={label}
        testId={`expr-${slot}-${reckonIndex}`}
      />
      {listed.map((d, k) => (
        <Typography.Text
          key={k}
          type={d.severity === 'error' ? 'danger' : 'warning'}
          className="fd-diagnostic"
          style={{ display: 'block', fontSize: 12 }}
        >
          {d.message}
        </Typography.Text>
      ))}
    </>
  );
}
