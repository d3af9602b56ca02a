import { describe, expect, it } from 'vitest';
import { menuPages } from './archive-menu';
import { detailHref, isFollowupPage, readArchId } from './detail-query';
import { maskIdCard } from './mask';

describe('archive detail page rules', () => {
  it('arch_id is required; blank counts as missing', () => {
    expect(readArchId(new URLSearchParams('arch_id=1001'))).toBe('1001');
    expect(readArchId(new URLSearchParams('arch_id=%20'))).toBeNull();
    expect(readArchId(new URLSearchParams('nav_name=x'))).toBeNull();
  });

  it('only the two follow-up pages get the three-column follow-up page', () => {
    expect(isFollowupPage('hypertensionfollowup')).toBe(true);
    expect(isFollowupPage('diabetesfollowup')).toBe(true);
    expect(isFollowupPage('healtharchive')).toBe(false);
  });

  it('menu links keep arch_id and the other query params', () => {
    expect(detailHref('diabetesfollowup', new URLSearchParams('arch_id=7&nav_name=a'))).toBe('/publichealthwork/detail/diabetesfollowup?arch_id=7&nav_name=a');
    // The tab label rides in the query's name, replacing the previous page's.
    const href = detailHref('diabetesfollowup', new URLSearchParams('arch_id=7&name=x'), '陈旅程·糖尿病随访');
    expect(new URLSearchParams(href.split('?')[1]).get('name')).toBe('陈旅程·糖尿病随访');
  });

  it('the menu follows the crowd labels, and shows both follow-ups when labels are unknown', () => {
    expect(menuPages({ crowdLabels: ['hypertension'] })).toEqual(['healtharchive', 'hypertensionfollowup']);
    expect(menuPages({ crowdLabels: 'hypertension,diabetes' })).toEqual(['healtharchive', 'hypertensionfollowup', 'diabetesfollowup']);
    expect(menuPages({ crowdLabels: [] })).toEqual(['healtharchive']);
    expect(menuPages({})).toEqual(['healtharchive', 'hypertensionfollowup', 'diabetesfollowup']);
  });

  it('the header masks an unmasked ID number and leaves a masked one alone', () => {
    expect(maskIdCard('110101199003071234')).toBe('110***********1234');
    expect(maskIdCard('110***********1234')).toBe('110***********1234');
    expect(maskIdCard(undefined)).toBe('');
  });
});
