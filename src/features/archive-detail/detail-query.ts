/**
 * The archive page's query (spec 001 §2): arch_id is required; a missing or blank one is the
 * 入参有误[arch_id] case of spec 001 §5 rather than a request for "no archive".
 */
export function readArchId(search: URLSearchParams): string | null {
  const value = search.get('arch_id')?.trim();
  return value ? value : null;
}

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
