import { describe, expect, it } from 'vitest';
import { cancelBody, cancelRuleMessages, prefillCancel, validateCancel, type CancelDraft } from './cancel-rules';

const zh = cancelRuleMessages.zh;
const prefilled = prefillCancel('2026-11-23', '张伟', '源城区示范社区卫生服务中心');
const messagesOf = (draft: CancelDraft) => Object.values(validateCancel(draft)).map((key) => zh[key]);

describe('cancel dialog rules (spec 001 §5)', () => {
  it('asks for a reason first, with the spec message', () => {
    expect(validateCancel(prefilled)).toEqual({ offType: 'reason' });
    expect(messagesOf(prefilled)).toEqual(['请选择注销原因']);
  });

  it('death (offType 1) needs the date and the cause of death', () => {
    expect(messagesOf({ ...prefilled, offType: '1' })).toEqual(['请选择死亡日期', '请输入死亡原因']);
    expect(validateCancel({ ...prefilled, offType: '1', deadDate: '2026-11-20', deadReason: '心梗' })).toEqual({});
  });

  it('other (offType 9) needs a written detail: 请输入注销详情, whitespace counting as empty', () => {
    expect(messagesOf({ ...prefilled, offType: '9', offReason: '   ' })).toEqual(['请输入注销详情']);
    expect(validateCancel({ ...prefilled, offType: '9', offReason: '户籍迁往外省' })).toEqual({});
    // A reason other than death or "other" needs neither.
    expect(validateCancel({ ...prefilled, offType: '2' })).toEqual({});
  });

  it('the prefilled date, user and institution still fail with their messages when missing', () => {
    expect(messagesOf({ offType: '2', ...prefillCancel('', undefined, undefined) })).toEqual(['请选择注销日期', '注销人不存在', '注销机构不存在']);
  });

  it('sends death fields only for a death, with deadFlag 1', () => {
    expect(cancelBody('a1', { ...prefilled, offType: '1', deadDate: '2026-11-20', deadReason: ' 心梗 ' })).toMatchObject({ archId: 'a1', offType: '1', deadFlag: '1', deadDate: '2026-11-20', deadReason: '心梗', offDate: '2026-11-23', offUser: '张伟' });
    const other = cancelBody('a1', { ...prefilled, offType: '9', offReason: '迁居', deadDate: '2026-11-20' });
    expect(other).toMatchObject({ deadFlag: '0', offReason: '迁居' });
    expect(other.deadDate).toBeUndefined();
  });
});
