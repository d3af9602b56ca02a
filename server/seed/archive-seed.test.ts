import { describe, expect, it } from 'vitest';
import { checkIdCard } from '../../src/engine';
import { createTestApp } from '../test-support/test-app';
import { appendGeneratedArchives, generateArchives } from './archive-seed';

const options = {
  tenantId: '100001',
  regionCode: '441602',
  doctor: { id: '2302', name: '张伟' },
  team: { id: '2401', name: '家庭医生一团队' },
  now: new Date('2026-06-01T08:00:00Z'),
};

describe('archive generator', () => {
  it('makes 100,000 residents with valid, unique ID numbers and archive numbers in well under a few seconds', () => {
    const started = Date.now();
    const rows = [...generateArchives({ ...options, count: 100_000 })];
    expect(Date.now() - started).toBeLessThan(5000);
    expect(new Set(rows.map((r) => r.id_card)).size).toBe(100_000);
    expect(new Set(rows.map((r) => r.archives_no)).size).toBe(100_000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(100_000);
    for (const row of rows.filter((_, i) => i % 97 === 0)) {
      const checked = checkIdCard(row.id_card);
      expect(checked.ok).toBe(true);
      expect(checked.gender).toBe(row.sex);
      expect(checked.birthDate).toBe(row.birthday);
    }
    const labelled = rows.filter((r) => r.crowd_labels).length;
    expect(labelled).toBeGreaterThan(10_000);
  });

  it('is deterministic for a seed', () => {
    const a = [...generateArchives({ ...options, count: 50, seed: 7 })];
    const b = [...generateArchives({ ...options, count: 50, seed: 7 })];
    expect(a).toEqual(b);
  });

  it('appends in batches after the seeded archives without clashing with them', async () => {
    const t = await createTestApp();
    try {
      const added = await appendGeneratedArchives(t.deps.db, { ...options, count: 5000, seed: 441602 });
      expect(added).toBe(5000);
      const rows = await t.deps.db
        .selectFrom('user_archive')
        .select(['archives_no', 'id_card'])
        .where('tenant_id', '=', '100001')
        .execute();
      expect(rows.length).toBe(5020);
      expect(new Set(rows.map((r) => r.archives_no)).size).toBe(5020);
      expect(new Set(rows.map((r) => r.id_card)).size).toBe(5020);
    } finally {
      await t.close();
    }
  });
});
