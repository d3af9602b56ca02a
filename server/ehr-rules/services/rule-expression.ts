// An assessment rule's expression, checked with the form rules' own sandbox (src/engine): the
// indicator codes of the tenant are its variables (数值 indicators numbers, 文本 ones text), and the
// expression must be a condition (true: the rule's result level applies).
import { compileDocument, type FieldDef, type FormDocument } from '../../../src/engine';

/** The field the checked condition is attached to (a name an indicator is unlikely to have; one that does is left out). */
const TARGET = 'assessmentRuleResult';

/** Why `expr` is not a valid rule condition over these indicators (the sandbox's parse or type message); undefined when it is. */
export function ruleExpressionProblem(expr: string, indicators: { ehr_code: string; value_type: number }[]): string | undefined {
  const fields: FieldDef[] = indicators
    .filter((i) => i.ehr_code !== TARGET)
    .map((i) => ({ fieldProp: i.ehr_code, fieldLabel: i.ehr_code, fieldType: Number(i.value_type) === 1 ? 4 : 3 }) as FieldDef);
  const doc: FormDocument = {
    formCode: 'assessmentrulecheck',
    formName: '评估规则',
    version: 1,
    fields: [
      ...fields,
      { fieldProp: TARGET, fieldLabel: '评估结果', fieldType: 3, reckons: [{ id: 'rule', kind: 'error', tcontent: expr }] } as FieldDef,
    ],
  };
  const problem = compileDocument(doc).errors.find((e) => e.severity === 'error' && e.ruleId === 'rule');
  return problem?.message;
}
