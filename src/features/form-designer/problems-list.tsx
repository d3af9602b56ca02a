import { Alert, Flex, Typography } from 'antd';
import type { FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { compileTarget, compileText, issueTarget, issueText, type Analysis, type ProblemTarget } from './diagnostics';
import { designerMessages } from './designer-messages';

export interface ProblemsListProps {
  doc: FormDocument;
  analysis: Analysis;
  onGo: (target: ProblemTarget) => void;
}

/** Every problem of the document — the meta-schema's, then the compiler's — each leading to where it is. */
export function ProblemsList({ doc, analysis, onGo }: ProblemsListProps) {
  const m = useMessages(designerMessages);
  const items = [
    ...analysis.schema.map((i) => ({
      group: m.schemaProblems,
      text: issueText(i),
      severity: 'error' as const,
      target: issueTarget(i.path),
    })),
    ...analysis.compile.map((e) => ({
      group: m.compileProblems,
      text: `${compileText(e)}${e.expression !== undefined ? ` — ${e.expression}` : ''}`,
      severity: e.severity,
      target: compileTarget(doc, e),
    })),
  ];
  if (items.length === 0) return <Alert type="success" showIcon message={m.problemsNone} />;
  return (
    <Flex vertical gap={4} data-testid="problems">
      {items.map((p, i) => (
        <Alert
          key={i}
          type={p.severity}
          showIcon
          message={
            <Typography.Link onClick={() => onGo(p.target)}>
              {p.group}: {p.text}
            </Typography.Link>
          }
        />
      ))}
    </Flex>
  );
}
