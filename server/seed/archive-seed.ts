import type { Kysely } from 'kysely';
import { idCardCheckDigit } from '../../src/engine';
import type { Database } from '../db/schema';
import { archivesNoOf, insertArchives, type NewArchive } from '../archives/index';
import { populationLabels } from './population-labels';

/**
 * Resident archives for the demo institution, and a generator a benchmark can use to make 100,000
 * of them quickly: rows are built in memory (valid GB 11643 ID numbers, check digit from the
 * engine's helper) and inserted in batches, which on PGlite is ~20× faster than row by row.
 */

export interface ArchiveGeneratorOptions {
  tenantId: string;
  count: number;
  /** Six-digit region code used in ID numbers and (padded to 12) archive numbers. */
  regionCode: string;
  doctor: { id: string; name: string };
  team: { id: string; name: string };
  /** Creation time of the rows; each row is 1 ms older than the previous so paging order is stable. */
  now: Date;
  /** First sequence number of the archive numbers and ids (1 unless appending to existing data). */
  firstSequence?: number;
  /** PRNG seed: the same options always produce the same residents. */
  seed?: number;
  /** Id of row i (default: a tenant-unique numeric string). */
  idOf?: (sequence: number) => string;
  /** ID numbers already stored for the tenant: generated ones avoid them (the unique index would refuse). */
  usedIdCards?: Set<string>;
}

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '梁',
  '宋',
  '郑',
  '谢',
  '叶',
  '曾',
  '邱',
  '钟',
  '温',
  '邓',
  '廖',
];
const GIVEN = [
  '建国',
  '秀英',
  '桂兰',
  '志强',
  '海燕',
  '文华',
  '丽娟',
  '国庆',
  '淑珍',
  '永红',
  '春梅',
  '德明',
  '玉兰',
  '伟',
  '芳',
  '敏',
  '静',
  '强',
  '磊',
  '洁',
  '丽',
  '军',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '霞',
];
const STREETS = ['新风路', '河源大道', '越王大道', '建设大道', '永和路', '长安路', '文明路', '沿江路'];
const MOBILE_PREFIXES = ['138', '139', '136', '137', '150', '151', '158', '186', '188', '135'];

/** mulberry32: small, fast and deterministic, so seeds and benchmarks are reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * An 18-digit ID number: region, birth date, a 3-digit order number whose parity gives the sex
 * (odd male, even female), and the check digit. `order` keeps numbers unique within a birth date.
 */
export function makeIdCard(regionCode: string, birthday: string, order: number, sex: '1' | '2'): string {
  let seq = order % 1000;
  if ((seq % 2 === 1) !== (sex === '1')) seq = (seq + 1) % 1000;
  const first17 = `${regionCode.slice(0, 6)}${birthday.replace(/-/g, '')}${pad(seq, 3)}`;
  return first17 + idCardCheckDigit(first17);
}

export function* generateArchives(options: ArchiveGeneratorOptions): Generator<NewArchive> {
  const random = prng(options.seed ?? 20260101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const first = options.firstSequence ?? 1;
  const prefix12 = options.regionCode.padEnd(12, '0').slice(0, 12);
  const usedIds = options.usedIdCards ?? new Set<string>();
  for (let i = 0; i < options.count; i++) {
    const sequence = first + i;
    const sex: '1' | '2' = random() < 0.5 ? '1' : '2';
    const year = 1940 + Math.floor(random() * 70);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const birthday = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
    let idCard = makeIdCard(options.regionCode, birthday, sequence, sex);
    // Two residents with the same birth date and order number would share an ID: move the order on.
    for (let bump = 2; usedIds.has(idCard); bump += 2) idCard = makeIdCard(options.regionCode, birthday, sequence + bump, sex);
    usedIds.add(idCard);
    const age = 2026 - year;
    const labels = [
      age >= 35 && random() < 0.3 ? 'hypertension' : '',
      age >= 35 && random() < 0.15 ? 'diabetes' : '',
      ...populationLabels(sequence, age, sex),
    ].filter(Boolean);
    const time = new Date(options.now.getTime() - i);
    yield {
      id: options.idOf ? options.idOf(sequence) : `${options.tenantId}${pad(sequence, 9)}`,
      tenant_id: options.tenantId,
      archives_no: archivesNoOf(prefix12, sequence),
      person_name: pick(SURNAMES) + pick(GIVEN),
      sex,
      birthday,
      card_type: '1',
      id_card: idCard,
      phone: `${pick(MOBILE_PREFIXES)}${pad(Math.floor(random() * 1e8), 8)}`,
      home_address: `${pick(STREETS)}${1 + Math.floor(random() * 300)}号`,
      region_code: options.regionCode,
      main_doctor_id: options.doctor.id,
      doctor_name: options.doctor.name,
      team_id: options.team.id,
      team_name: options.team.name,
      crowd_labels: labels.join(','),
      create_user: options.doctor.id,
      create_time: time,
      update_user: options.doctor.id,
      update_time: time,
    };
  }
}

/** Inserts generated archives in batches (2,000 rows of ~20 values stay under the 65,535 bind-parameter limit). */
export async function insertGeneratedArchives(db: Kysely<Database>, rows: Iterable<NewArchive>, batchSize = 2000): Promise<number> {
  let batch: NewArchive[] = [];
  let total = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      await insertArchives(db, batch);
      total += batch.length;
      batch = [];
    }
  }
  await insertArchives(db, batch);
  return total + batch.length;
}

/**
 * Adds `count` generated archives to a tenant that may already have some (the benchmark's 100,000):
 * numbering continues after the highest stored sequence and stored ID numbers are avoided.
 */
export async function appendGeneratedArchives(
  db: Kysely<Database>,
  options: Omit<ArchiveGeneratorOptions, 'firstSequence' | 'usedIdCards'>,
): Promise<number> {
  const prefix12 = options.regionCode.padEnd(12, '0').slice(0, 12);
  const stored = await db.selectFrom('user_archive').select(['id_card', 'archives_no']).where('tenant_id', '=', options.tenantId).execute();
  const highest = stored.reduce(
    (max, r) => (r.archives_no.startsWith(prefix12) ? Math.max(max, Number(r.archives_no.slice(12)) || 0) : max),
    0,
  );
  const idOf = options.idOf ?? ((sequence: number) => `${options.tenantId}${pad(sequence, 9)}`);
  return insertGeneratedArchives(
    db,
    generateArchives({ ...options, idOf, firstSequence: highest + 1, usedIdCards: new Set(stored.map((r) => r.id_card)) }),
  );
}

/** Cancel reasons (spec 001 §7 dictionary reason_cancellation), at platform level. */
const CANCEL_REASONS: [string, string][] = [
  ['1', '死亡'],
  ['2', '迁出'],
  ['3', '失访'],
  ['9', '其他'],
];

/**
 * The demo data: 20 residents of 源城区 for tenant 100001, looked after by 张伟 and his team
 * (some with hypertension or diabetes), plus the cancel-reason dictionary. Runs inside the first
 * start's seed, so it never duplicates.
 */
export async function seedDemoArchives(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await insertGeneratedArchives(
    db,
    generateArchives({
      tenantId: '100001',
      count: 20,
      regionCode: '441602',
      doctor: { id: '2302', name: '张伟' },
      team: { id: '2401', name: '家庭医生一团队' },
      now,
      seed: 441602,
    }),
  );
  const parentId = '5900';
  await db
    .insertInto('blade_dict_biz')
    .values([
      {
        id: parentId,
        tenant_id: '000000',
        parent_id: '0',
        code: 'reason_cancellation',
        dict_key: '-1',
        dict_value: '注销原因',
        sort: 0,
        remark: '',
        is_sealed: 1,
        // Issue 17: the clinic's own reasons (it may add, modify and delete them); server/README.md.
        is_admin: 1,
      },
      ...CANCEL_REASONS.map(([dict_key, dict_value], index) => ({
        id: String(5901 + index),
        tenant_id: '000000',
        parent_id: parentId,
        code: 'reason_cancellation',
        dict_key,
        dict_value,
        pdf_key: dict_value,
        sort: index + 1,
        remark: '',
        is_sealed: 0,
      })),
    ])
    .execute();
}
