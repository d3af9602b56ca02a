import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FollowupRecord } from '../../api/followups';
import { MATERNAL_RECORD_LABELS, newbornRecordWords } from './maternal-record-labels';

describe('a 新生儿登记 record’s name in its list', () => {
  it('is the baby’s name with its birth and registration dates, not the day the record was made', () => {
    const label = MATERNAL_RECORD_LABELS.maternalnewborn!;
    const record = {
      id: 'r1',
      formCode: 'maternalnewborn',
      formVersion: 1,
      createTime: '2026-06-09 10:00:00',
      values: { babyName: '王小宝', birthDate: '2026-06-01', registerDate: '2026-06-03' },
    } as unknown as FollowupRecord;
    render(<>{label(record)}</>);
    expect(screen.getByText('王小宝')).toBeTruthy();
    expect(screen.getByText('出生 2026-06-01')).toBeTruthy();
    expect(screen.getByText('登记 2026-06-03')).toBeTruthy();
    expect(screen.queryByText(/2026-06-09/)).toBeNull();
  });

  it('says so when the name is not filled, and shows only the dates there are', () => {
    expect(newbornRecordWords({ registerDate: '2026-06-03' })).toEqual({ name: '新生儿（未填姓名）', dates: ['登记 2026-06-03'] });
    expect(newbornRecordWords({ babyName: ' 李一 ', birthDate: '2026-06-01' })).toEqual({ name: '李一', dates: ['出生 2026-06-01'] });
  });
});
