import { useSearchParams } from 'react-router-dom';
import { ArchiveDetailPage } from '../features/archive-detail/archive-detail-page';
import type { ArchivePage, ArchivePageProps } from '../features/archive-detail/archive-pages';
import { GrowthChartPanel } from '../features/child-health/growth-chart-page';
import { ContractArchivePage } from '../features/contracts/contract-archive-page';
import { MeasureArchivePage } from '../features/measurements/measure-archive-page';
import { MaternalArchiveEntry } from '../features/maternal/maternal-archive-entry';

/** The forms whose measurements the growth chart plots: it is offered to a child they are offered to. */
const MEASURED_FORMS: readonly string[] = ['childnewbornvisit', 'childexam1to8', 'childexam12to30', 'childexam3to6'];

function GrowthChartArchivePage({ archive, archId }: ArchivePageProps) {
  const [search] = useSearchParams();
  return <GrowthChartPanel archId={archId} otherId={search.get('other_id') ?? undefined} name={archive.personName} />;
}

// Features never import each other: the app hands the archive pages the child health's growth chart
// (spec 001 §2 "child management … growth chart"), in the child's left menu right after the health
// exams (menu orders 61–64; the registry decides whom those forms apply to).
export const EXTRA_PAGES: readonly ArchivePage[] = [
  {
    code: 'growthchart',
    title: { zh: '生长曲线', en: 'Growth chart' },
    order: 64.5,
    offeredWith: (routes) => routes.some((r) => MEASURED_FORMS.includes(r.code)),
    Page: GrowthChartArchivePage,
  },
  // anchor contracts pages
  // Spec 001 §2 familydoctorsigning: every resident's contracts and the sign-agreement dialog, right after the health archive.
  {
    code: 'familydoctorsigning',
    title: { zh: '家庭医生签约', en: 'Family doctor contract' },
    order: 3,
    offeredWith: () => true,
    Page: ({ archive, archId }: ArchivePageProps) => <ContractArchivePage archId={archId} personName={archive.personName} />,
  },
  // anchor measurements pages
  // Spec 001 lines 54–55: every resident's measurement, lab and exam reports, their entry and an indicator's history.
  {
    code: 'measurereport',
    title: { zh: '检查检验报告', en: 'Measurements and reports' },
    order: 4,
    offeredWith: () => true,
    Page: ({ archive, archId }: ArchivePageProps) => (
      <MeasureArchivePage
        resident={{ archId, personName: archive.personName, sex: archive.sex, age: archive.age, idCard: archive.idCard }}
      />
    ),
  },
  // anchor maternal pages
  // Spec 001 line 22 (the archive's maternal tag leads to the maternal shell): a woman's pregnancies and
  // 新建孕产妇档案, offered with the maternal forms (the registry places them for women), just before them.
  {
    code: 'maternalcase',
    title: { zh: '孕产妇管理', en: 'Maternal care' },
    order: 69.5,
    offeredWith: (routes) => routes.some((r) => r.kind === 'maternal'),
    Page: ({ archId }: ArchivePageProps) => <MaternalArchiveEntry archId={archId} />,
  },
];

/** /publichealthwork/detail/*: the archive page with the other features' archive pages. */
export function ArchiveScreen() {
  return <ArchiveDetailPage extraPages={EXTRA_PAGES} />;
}

/** /publichealthwork/detail/growthchart (its own route, ranked before the splat): the archive page on its growth chart. */
export function GrowthChartScreen() {
  return <ArchiveDetailPage extraPages={EXTRA_PAGES} page="growthchart" />;
}
