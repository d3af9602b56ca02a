import { describe, expect, it } from 'vitest';
import { taskCentreReturn } from '../../shared/task-centre-return';
import { followupHref } from './task-centre-page';

const task = { archId: 'a1', personName: '李梅', formCode: 'maternalprenatal', formName: '第2~5次产前随访' };

describe('where 随访 opens from the task centre', () => {
  it('a pregnancy’s visit opens its case’s maternal shell on the form, and comes back to the tab', () => {
    const href = followupHref({ ...task, otherId: 'case9', caseKind: 'maternal' }, 'overdue');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/publichealthwork/maternal/archive');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      arch_id: 'a1',
      otherId: 'case9',
      otherType: 'maternal',
      form: 'maternalprenatal',
    });
    expect(taskCentreReturn(url.searchParams)).toBe('/task/user_followup/index?tab=overdue');
  });

  it('any other form (or a pregnancy form of no case) opens the resident’s archive page on it', () => {
    const href = followupHref({ ...task, formCode: 'hypertensionfollowup', otherId: null, caseKind: null }, 'soon');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/publichealthwork/detail/hypertensionfollowup');
    expect(taskCentreReturn(url.searchParams)).toBe('/task/user_followup/index?tab=soon');
    expect(new URL(followupHref({ ...task, otherId: null, caseKind: null }, 'period'), 'http://x').pathname).toBe(
      '/publichealthwork/detail/maternalprenatal',
    );
  });

  it('a page not opened from the task centre has nowhere to go back to', () => {
    expect(taskCentreReturn(new URLSearchParams('arch_id=a1'))).toBeUndefined();
  });
});
