// Child health management (0～6岁儿童健康管理, issue 32). What other code may use of this domain:
// the spec's save calls bound to the child forms (registered with followups' formPathRoutes in
// server/app.ts) and the WHO growth tables loaded for the engine.
export { CHILD_FORM_PATHS } from './services/form-paths';
export { SERVER_GROWTH_STANDARDS } from './services/growth-standards';
