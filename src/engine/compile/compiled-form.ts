import type { ParsedExpression } from '../expr/sandbox';
import type { ExprType } from '../expr/types';
import type { FieldDef, FormDocument, RuleDef } from '../types';
import type { CompileError } from './errors';

export interface CompiledExpr {
  source: string;
  /** Bound to the functions it calls only (expr/sandbox.ts onlyFunctions). */
  parsed: ParsedExpression;
  /** The functions the expression calls, by name. */
  functions: string[];
  type: ExprType;
  /** Fields the expression reads. */
  fields: string[];
  /** Uses hasValue/ifEmpty/…: evaluated even when an input is empty. */
  nullAware: boolean;
  usesClock: boolean;
  /** No fields and no clock: the value is known at compile time. */
  constant: boolean;
}

export interface CompiledRule extends RuleDef {
  index: number;
  whenExpr?: CompiledExpr;
  valueExpr?: CompiledExpr;
  /** Fields read by the condition and the expression, in first-use order. */
  reads: string[];
  usesClock: boolean;
}

/** A unit of evaluation: all calcs of one field (first firing wins), or one state/message rule. */
export type EvalNode = { kind: 'calc'; field: string; rules: number[]; reads: string[] } | { kind: 'rule'; rule: number; reads: string[] };

export interface FieldRules {
  display: number[];
  required: number[];
  disabled: number[];
  options: number[];
}

/**
 * A compiled document. Never written to after compiling: hosts cache one per form version and share it
 * between sessions and requests, each evaluating with its own clock (EvalContext.now).
 */
export interface CompiledForm {
  document: FormDocument;
  formCode: string;
  version: number;
  fields: FieldDef[];
  fieldByProp: ReadonlyMap<string, FieldDef>;
  exprTypes: ReadonlyMap<string, ExprType>;
  rules: CompiledRule[];
  ruleById: ReadonlyMap<string, CompiledRule>;
  /** Evaluation order: calc groups topologically, then state and message rules. */
  nodes: EvalNode[];
  /** Field → indices of the nodes that read it, ascending. */
  readers: ReadonlyMap<string, number[]>;
  /** Field → index of its calc node. */
  calcNodeOf: ReadonlyMap<string, number>;
  fieldRules: ReadonlyMap<string, FieldRules>;
  /** Nodes that read the clock. */
  clockNodes: number[];
  warnings: CompileError[];
}
