// The generic resource routes against hand-written ones over the same table (issue 31): a page of
// 岗位管理's list and a new post, each through blade-system/post (the product's, from the resource
// document schemas/crud/post.crud.json) and through the bench's hand-written routes over blade_post
// (hand-written-post-routes.ts). The administrator calls both; every answer that is read must be a
// success with the page or the post asked for.
import { createRandom } from '../random';
import { HAND_WRITTEN_POST_PATH } from './hand-written-post-routes';
import type { ResponseCheck, Scenario } from './scenarios';

export type PostRoute = 'hand-written' | 'resource document';

const base = (route: PostRoute) => (route === 'hand-written' ? `/api${HAND_WRITTEN_POST_PATH}` : '/api/blade-system/post');

type Answer = { success?: boolean; msg?: string; data?: { records?: unknown[]; total?: number; id?: string } | null };

function parse(body: string): Answer {
  try {
    return JSON.parse(body) as Answer;
  } catch {
    return {};
  }
}

/** A page (size 10) of the first `pages` pages of the posts list, in the list's own order. */
export function postListScenario(route: PostRoute, seed: number, pages: number): Scenario {
  const random = createRandom(seed);
  let sent = 0;
  return {
    name: `post list page (${route})`,
    p99TargetMs: 50,
    request: (check: ResponseCheck) => ({
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `${base(route)}/list?current=${random.int(1, pages)}&size=10` }),
      onResponse: (status, body) => {
        if (sent++ % 10 !== 0) return;
        const answer = parse(body);
        const records = answer.data?.records;
        check.record(status === 200 && answer.success === true && Array.isArray(records) && records.length === 10, status, body);
      },
    }),
  };
}

/** A new post per request (its own code), the dialog form's rules re-run by either route. */
export function postSubmitScenario(route: PostRoute, runId: string): Scenario {
  let next = 0;
  const tag = route === 'hand-written' ? 'h' : 'd';
  return {
    name: `post submit (${route})`,
    p99TargetMs: 100,
    request: (check: ResponseCheck) => ({
      method: 'POST',
      path: `${base(route)}/submit`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const n = next++;
        const body = { category: 1 + (n % 4), postCode: `${tag}${runId}-${n}`, postName: `岗位${n}`, sort: n % 100, remark: '' };
        return { ...req, body: JSON.stringify(body) };
      },
      onResponse: (status, body) => {
        const answer = parse(body);
        check.record(status === 200 && answer.success === true && answer.msg === '新增成功' && !!answer.data?.id, status, body);
      },
    }),
  };
}
