/**
 * A page of a resident's archive detail (spec 001 §2): its health archive by default, or a form by
 * its code; the resident's name, when given, labels the page's tab (the query's name, spec 000 §2).
 * One builder for every feature that leads to an archive (features never import each other).
 */
export const archiveDetailPath = (archId: string, page = 'healtharchive', personName?: string) =>
  `/publichealthwork/detail/${page}?arch_id=${encodeURIComponent(archId)}${personName ? `&name=${encodeURIComponent(personName)}` : ''}`;
