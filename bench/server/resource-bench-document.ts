// The resource document bench:server measures against a hand-written family (issue 31): 岗位管理's
// table blade_post, served by the generic resource routes under /blade-bench/post from a document
// that says what the hand-written blade-system/post routes do — the same dialog form (adminpost)
// re-run on every submit, the code unique among a tenant's live posts, the list in sort order and
// filterable by name, the post screen's menu code for reading. The document lives only in a copy of
// the forms root the benchmark's server reads (FORMS_DIR): the product serves no such path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResourceDocument } from '../../server/resource-documents/index';

export const BENCH_POST_PATH = '/blade-bench/post';

const block: ResourceDocument['block'] = {
  path: BENCH_POST_PATH,
  table: 'blade_post',
  label: '岗位',
  columns: {
    category: { column: 'category', type: 'integer', label: '岗位类型', required: true, min: 1, max: 4 },
    postCode: { column: 'post_code', type: 'text', label: '岗位编号', required: true, maxLength: 64 },
    postName: { column: 'post_name', type: 'text', label: '岗位名称', required: true, maxLength: 64, filter: true },
    sort: { column: 'sort', type: 'integer', label: '排序', default: 0 },
    remark: { column: 'remark', type: 'text', label: '备注', maxLength: 255 },
  },
  order: [{ prop: 'sort' }],
  unique: [{ props: ['postCode'], message: '岗位编号已存在' }],
  form: 'adminpost',
  // The hand-written routes: the post screen's menu code reads; an administrator with the screen's buttons writes.
  access: { read: { permission: 'post' }, submit: { permission: ['post_add', 'post_edit'] }, remove: { permission: 'post_delete' } },
};

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A temporary forms root: the repository's schemas/, rules/ and codemaps/ (so the server bundles the
 * same forms) plus the bench document. Returns the folder for FORMS_DIR and a clean-up.
 */
export function benchFormsRoot(): { dir: string; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-bench-forms-'));
  for (const sub of ['schemas', 'rules', 'codemaps'])
    if (fs.existsSync(path.join(repoRoot, sub))) fs.cpSync(path.join(repoRoot, sub), path.join(dir, sub), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'schemas', 'crud', 'zz-bench-post.crud.json'),
    JSON.stringify({ name: 'zz-bench-post', resource: block }, null, 2),
  );
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
