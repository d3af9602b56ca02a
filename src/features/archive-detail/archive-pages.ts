import type { ComponentType } from 'react';
import type { ArchiveRecord } from '../../api/archives';
import type { HealthMenuRoute } from '../../api/health-menu';
import type { Lang } from '../../shared/i18n/define-messages';
import { ArchiveHistoryCard } from './archive-history-card';
import { archiveEditMessages } from './archive-edit-messages';
import { ElderlyArchivePage, ELDERLY_FORMS } from './elderly-archive-page';
import { elderlyMessages } from './elderly-messages';
import { FamilyPage } from './family-card';
import { familyMessages } from './family-messages';
import { TREND_PAGES } from './trend-pages';

export interface ArchivePageProps {
  archive: ArchiveRecord;
  archId: string;
  /** Goes to another page of the same archive (a form's page, by its code), through the leave guard. */
  openPage: (code: string) => void;
}

/**
 * A page of the archive detail that is not a form: a summary over forms' records. It is offered
 * when the forms it summarises are (the registry decides whom those apply to, so the page needs
 * no rule of its own) and sits in the menu among the forms by `order`.
 */
export interface ArchivePage {
  code: string;
  title: Readonly<Record<Lang, string>>;
  order: number;
  offeredWith: (routes: readonly HealthMenuRoute[]) => boolean;
  Page: ComponentType<ArchivePageProps>;
}

export const ARCHIVE_PAGES: readonly ArchivePage[] = [
  {
    // Spec 001 §2: "old-people archives", just before the elderly forms (menu order 65, 66).
    code: 'oldpeoplearchives',
    title: { zh: elderlyMessages.zh.menuTitle, en: elderlyMessages.en.menuTitle },
    order: 64,
    offeredWith: (routes) => routes.some((r) => ELDERLY_FORMS.includes(r.code)),
    Page: ElderlyArchivePage,
  },
  ...TREND_PAGES,
  {
    // Spec 001 §2 page archivehistory. The health-archive page already shows the history under the
    // summary, so this entry is not added to every resident's menu; a link to it still opens it.
    code: 'archivehistory',
    title: { zh: archiveEditMessages.zh.historyTitle, en: archiveEditMessages.en.historyTitle },
    order: 1,
    offeredWith: () => false,
    Page: ArchiveHistoryCard,
  },
  {
    // Spec 001 §2 page familyspectrum: the health-archive page shows the family already; a link opens it alone.
    code: 'familyspectrum',
    title: { zh: familyMessages.zh.pageTitle, en: familyMessages.en.pageTitle },
    order: 2,
    offeredWith: () => false,
    Page: FamilyPage,
  },
];

/** `extra`: the pages other features add, handed in by src/app (the child growth chart). */
export const archivePageOf = (code: string, extra: readonly ArchivePage[] = []): ArchivePage | undefined =>
  [...ARCHIVE_PAGES, ...extra].find((p) => p.code === code);

/** The menu's page codes after the archive's own page: the forms' entries and the offered archive pages, by order. */
export function menuPageCodes(routes: readonly HealthMenuRoute[], extra: readonly ArchivePage[] = []): string[] {
  const entries = [
    ...routes.map((r, i) => ({ code: r.code, order: r.sort ?? Number.MAX_SAFE_INTEGER, i })),
    ...[...ARCHIVE_PAGES, ...extra].filter((p) => p.offeredWith(routes)).map((p) => ({ code: p.code, order: p.order, i: -1 })),
  ];
  // Stable among equal orders: the registry's own order of the forms is kept.
  return entries.sort((a, b) => a.order - b.order || a.i - b.i).map((e) => e.code);
}
