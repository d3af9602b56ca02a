import { Alert, Button, Flex, Typography } from 'antd';
import type { FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  compileTarget,
  compileText,
  issueTarget,
  issueText,
  missingDictionary,
  unknownCrowdLabel,
  type Analysis,
  type ProblemTarget,
} from './diagnostics';
import { CROWD_LABEL_DICTIONARY } from '../../engine';
import { designerMessages } from './designer-messages';
import type { DictionaryRequest } from './dictionary-dialog';

export interface ProblemsListProps {
  doc: FormDocument;
  analysis: Analysis;
  onGo: (target: ProblemTarget) => void;
  /** form/dictionary-world failed: publishing cannot be checked (shown instead of 没有问题). */
  worldError?: string;
  onRetryWorld?: () => void;
  /** 新建字典 / 添加人群标签 from a problem the tenant's world gives. */
  onDictionary?: (request: DictionaryRequest) => void;
}

/**
 * Every problem of the document — the meta-schema's, the compiler's, then the tenant's world's
 * (a dictionary missing or empty, an unknown crowd label, a code not in its dictionary) — each
 * leading to where it is. Until the world is known it never says 可以发布.
 */
export function ProblemsList({ doc, analysis, onGo, worldError, onRetryWorld, onDictionary }: ProblemsListProps) {
  const m = useMessages(designerMessages);
  const items = [
    ...analysis.schema.map((i) => ({
      group: m.schemaProblems,
      text: issueText(i),
      severity: 'error' as const,
      target: issueTarget(i.path),
      action: undefined,
    })),
    ...analysis.compile.map((e) => ({
      group: m.compileProblems,
      text: `${compileText(e)}${e.expression !== undefined ? ` — ${e.expression}` : ''}`,
      severity: e.severity,
      target: compileTarget(doc, e),
      action: undefined,
    })),
    ...analysis.world.map((e) => {
      const code = missingDictionary(doc, e);
      const label = unknownCrowdLabel(e);
      const fieldIndex = e.field !== undefined ? doc.fields.findIndex((f) => f.fieldProp === e.field) : -1;
      const action: { text: string; request: DictionaryRequest } | undefined = code
        ? { text: m.newDictionaryFor(code), request: { code, ...(fieldIndex >= 0 && { fieldIndex }) } }
        : label
          ? { text: m.addCrowdLabelFor(label), request: { code: CROWD_LABEL_DICTIONARY, item: label } }
          : undefined;
      return { group: m.worldProblems, text: e.message, severity: e.severity, target: compileTarget(doc, e), action };
    }),
  ];
  const world = !analysis.worldKnown ? (
    worldError !== undefined ? (
      <Alert
        type="error"
        showIcon
        message={m.problemsWorldFailed(worldError)}
        action={
          onRetryWorld && (
            <Button size="small" onClick={onRetryWorld}>
              {m.retry}
            </Button>
          )
        }
        data-testid="problems-world"
      />
    ) : (
      <Alert type="info" showIcon message={m.problemsWorldLoading} data-testid="problems-world" />
    )
  ) : null;
  if (items.length === 0) return world ?? <Alert type="success" showIcon message={m.problemsNone} />;
  return (
    <Flex vertical gap={4} data-testid="problems">
      {world}
      {items.map((p, i) => {
        const action = p.action;
        return (
          <Alert
            key={i}
            type={p.severity}
            showIcon
            message={
              <Typography.Link onClick={() => onGo(p.target)}>
                {p.group}: {p.text}
              </Typography.Link>
            }
            action={
              action &&
              onDictionary && (
                <Button size="small" onClick={() => onDictionary(action.request)}>
                  {action.text}
                </Button>
              )
            }
          />
        );
      })}
    </Flex>
  );
}
