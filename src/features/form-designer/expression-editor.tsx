// The expression editor is shared with the quality topic editor: it lives in src/components.
export { ExpressionEditor, type ExpressionEditorProps } from '../../components/expression-editor';
