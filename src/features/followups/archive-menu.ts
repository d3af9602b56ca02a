/**
 * The left menu of an archive's forms. The health-menu service (getHealthMenuRoutes) is not on this
 * server yet, so the entries come from the archive's crowd labels: a resident tagged hypertension
 * gets the hypertension follow-up, diabetes the diabetes follow-up. An archive that carries no
 * label information at all shows both, so staff are never left without the form they came for.
 */
export type MenuPage = 'healtharchive' | 'hypertensionfollowup' | 'diabetesfollowup';

export interface LabelSource {
  crowdLabels?: string[] | string;
}

const HYPERTENSION = /hypertension|gxy|高血压|^2$/i;
const DIABETES = /diabetes|tnb|糖尿病|^3(_\d)?$/i;

export function labelsOf(archive: LabelSource): string[] | undefined {
  const raw = archive.crowdLabels;
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw : raw.split(',');
  return list.map((s) => s.trim()).filter((s) => s !== '');
}

export function menuPages(archive: LabelSource): MenuPage[] {
  const labels = labelsOf(archive);
  const pages: MenuPage[] = ['healtharchive'];
  if (labels === undefined) return [...pages, 'hypertensionfollowup', 'diabetesfollowup'];
  if (labels.some((l) => HYPERTENSION.test(l))) pages.push('hypertensionfollowup');
  if (labels.some((l) => DIABETES.test(l))) pages.push('diabetesfollowup');
  return pages;
}
