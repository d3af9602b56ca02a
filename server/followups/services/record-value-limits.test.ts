import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../src/engine';
import { valueLengthProblem } from './record-value-limits';

const doc: FormDocument = {
  formCode: 'limits',
  formName: '长度',
  version: 1,
  fields: [
    { fieldProp: 'note', fieldLabel: '备注', fieldType: 6 },
    { fieldProp: 'recipe', fieldLabel: '模板内容', fieldType: 6, maxLength: 10_000 },
    { fieldProp: 'code', fieldLabel: '编码', fieldType: 3, maxLength: 10 },
  ],
};

describe('a field value longer than its field allows', () => {
  it('is refused at the widget default unless the document states its own maxLength', () => {
    expect(valueLengthProblem(doc, { note: 'x'.repeat(2000) })).toBeNull();
    expect(valueLengthProblem(doc, { note: 'x'.repeat(2001) })?.message).toBe('备注不能超过2000个字符（现有2001个）');
    expect(valueLengthProblem(doc, { recipe: 'x'.repeat(9000) })).toBeNull();
    expect(valueLengthProblem(doc, { recipe: 'x'.repeat(10_001) })?.message).toBe('模板内容不能超过10000个字符（现有10001个）');
    expect(valueLengthProblem(doc, { code: 'x'.repeat(11) })?.message).toBe('编码不能超过10个字符（现有11个）');
  });
});
