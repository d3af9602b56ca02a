// What other domains may use of ehr-rules/ (lint: a domain imports another only through its index.ts);
// its routes (routes/ehr-rules.ts) are registered by app.ts.
export { ruleExpressionProblem } from './services/rule-expression';
