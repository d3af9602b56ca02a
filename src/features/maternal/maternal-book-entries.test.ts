import { describe, expect, it } from 'vitest';
import type { FollowupRecord } from '../../api/followups';
import { bookEntries } from './maternal-book-entries';

const rec = (id: string, formCode: string, values: Record<string, unknown>, visitDate: string | null, createTime = '2024-01-01 08:00:00') =>
  ({ id, formCode, values, visitDate, createTime }) as unknown as FollowupRecord;

describe('孕产妇手册 entries', () => {
  it('orders the case’s records by visit, with their key values, labels from the code maps and the risk colour', () => {
    const entries = bookEntries([
      rec('d', 'maternaldelivery', { deliveryDate: '2024-12-05', deliveryMode: '1', bloodLoss: 200 }, null),
      rec(
        'p',
        'maternalprenatal',
        { visitNo: '2', gestationText: '孕19+1周', sbp: 128, dbp: 82, riskGrade: 'orange', riskInfectious: '1' },
        '2024-07-15',
      ),
      rec('f', 'maternalfirstvisit', { gestationText: '孕11+2周', sbp: 112, dbp: 70, weight: 55, riskGrade: 'yellow' }, '2024-05-20'),
      rec(
        's',
        'maternalscreening',
        { gestationText: '孕19+1周', screenMethod: '2', screenResult: '1', referral: '1' },
        '2024-07-15',
        '2024-07-15 09:00:00',
      ),
      rec('x', 'hypertensionfollowup', { sbp: 150 }, '2024-06-01'),
    ]);
    expect(entries.map((e) => [e.id, e.date, e.title])).toEqual([
      ['f', '2024-05-20', '第1次产前检查'],
      ['p', '2024-07-15', '第2次产前随访'],
      ['s', '2024-07-15', '产前筛查'],
      ['d', '2024-12-05', '产时信息'],
    ]);
    expect(entries[0]).toMatchObject({
      riskColor: 'yellow',
      items: [
        ['孕周', '孕11+2周'],
        ['血压', '112/70mmHg'],
        ['体重', '55kg'],
      ],
    });
    expect(entries[1]).toMatchObject({ riskColor: 'orange', riskInfectious: true });
    expect(entries[2]!.items).toEqual([
      ['孕周', '孕19+1周'],
      ['方式', '孕中期血清学筛查'],
      ['结论', '低风险'],
    ]);
    expect(entries[3]!.items).toContainEqual(['出血量', '200ml']);
    expect(entries[3]!.riskColor).toBeNull();
  });
});
