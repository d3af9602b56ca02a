import { describe, expect, it } from 'vitest';
import { menuPageCodes } from '../features/archive-detail/archive-pages';
import type { HealthMenuRoute } from '../api/health-menu';
import { EXTRA_PAGES } from './archive-screen';

const route = (code: string, sort: number) => ({ code, name: code, sort, kind: 'child', tabs: [] }) as unknown as HealthMenuRoute;

describe('the child archive’s left menu', () => {
  it('offers 生长曲线 right after the health exams, and only with the measured child forms', () => {
    const child = [route('childnewbornvisit', 61), route('childexam1to8', 62), route('childeyecare', 65), route('childhighrisk', 66)];
    expect(menuPageCodes(child, EXTRA_PAGES)).toEqual([
      'familydoctorsigning',
      'measurereport',
      'childnewbornvisit',
      'childexam1to8',
      'growthchart',
      'childeyecare',
      'childhighrisk',
    ]);
    expect(menuPageCodes([route('hypertensionfollowup', 20)], EXTRA_PAGES)).not.toContain('growthchart');
    expect(EXTRA_PAGES.find((p) => p.code === 'growthchart')?.title.zh).toBe('生长曲线');
  });
});

describe('the 家庭医生签约 page', () => {
  it('is offered to every resident, before the forms', () => {
    expect(menuPageCodes([route('hypertensionfollowup', 20)], EXTRA_PAGES).slice(0, 3)).toEqual([
      'familydoctorsigning',
      'measurereport',
      'hypertensionfollowup',
    ]);
    expect(menuPageCodes([], EXTRA_PAGES)).toEqual(['familydoctorsigning', 'measurereport']);
    expect(EXTRA_PAGES.find((p) => p.code === 'familydoctorsigning')?.title.zh).toBe('家庭医生签约');
  });
});

describe('the 检查检验报告 page', () => {
  it('is offered to every resident, right after the contract page', () => {
    expect(menuPageCodes([route('hypertensionfollowup', 20)], EXTRA_PAGES).indexOf('measurereport')).toBe(1);
    expect(EXTRA_PAGES.find((p) => p.code === 'measurereport')?.title.zh).toBe('检查检验报告');
  });
});
