import { describe, expect, it } from 'vitest';
import { detailHref, readArchId } from './detail-query';
import { maskIdCard } from '../../shared/id-card-mask';

describe('archive detail page rules', () => {
  it('arch_id is required; blank counts as missing', () => {
    expect(readArchId(new URLSearchParams('arch_id=1001'))).toBe('1001');
    expect(readArchId(new URLSearchParams('arch_id=%20'))).toBeNull();
    expect(readArchId(new URLSearchParams('nav_name=x'))).toBeNull();
  });

  it('menu links keep arch_id and the other query params', () => {
    expect(detailHref('diabetesfollowup', new URLSearchParams('arch_id=7&nav_name=a'))).toBe(
      '/publichealthwork/detail/diabetesfollowup?arch_id=7&nav_name=a',
    );
    // The tab label rides in the query's name, replacing the previous page's.
    const href = detailHref('diabetesfollowup', new URLSearchParams('arch_id=7&name=x'), '陈旅程·糖尿病随访');
    expect(new URLSearchParams(href.split('?')[1]).get('name')).toBe('陈旅程·糖尿病随访');
  });

  it('the header masks an unmasked ID number and leaves a masked one alone', () => {
    expect(maskIdCard('110101199003071234')).toBe('110***********1234');
    expect(maskIdCard('110***********1234')).toBe('110***********1234');
    expect(maskIdCard(undefined)).toBe('');
  });
});
