// What other domains may use of print-templates/ (lint: a domain imports another only through its index.ts).
// The templates every tenant starts with (the seed writes them as rows of 打印模板).
export { BUILT_IN_FOLDERS, BUILT_IN_TEMPLATES, type TemplateDef } from './services/built-in';
