/**
 * The archive page's query (spec 001 §2): arch_id is required; a missing or blank one is the
 * 入参有误[arch_id] case of spec 001 §5 rather than a request for "no archive".
 */
export function readArchId(search: URLSearchParams): string | null {
  const value = search.get('arch_id')?.trim();
  return value ? value : null;
}

/** Pages of the detail route that host the follow-up page (the three-column layout). */
export const FOLLOWUP_PAGES = ['hypertensionfollowup', 'diabetesfollowup'] as const;
export type FollowupPage = (typeof FOLLOWUP_PAGES)[number];

export const isFollowupPage = (page: string | undefined): page is FollowupPage =>
  (FOLLOWUP_PAGES as readonly string[]).includes(page ?? '');

/**
 * The same detail page with another left-menu entry, keeping arch_id and the other query params.
 * `tabName` becomes the query's name, which the shell uses as the tab label (spec 000 §2), so two
 * pages of one archive, or two archives, do not all read 档案详情.
 */
export function detailHref(page: string, search: URLSearchParams, tabName?: string): string {
  const query = new URLSearchParams(search);
  if (tabName) query.set('name', tabName);
  return `/publichealthwork/detail/${page}?${query.toString()}`;
}
