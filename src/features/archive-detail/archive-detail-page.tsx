import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { App, Flex, Menu, Result, Spin } from 'antd';
import useSWR from 'swr';
import { getArchive } from '../../api/archives';
import { getHealthMenu } from '../../api/health-menu';
import { RequestError } from '../../api/request';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { taskCentreReturn } from '../../shared/task-centre-return';
import { ArchiveHeader } from './archive-header';
import { archivePageOf, menuPageCodes, type ArchivePage } from './archive-pages';
import { ArchiveSummary } from './archive-summary';
import { detailHref, readArchId } from './detail-query';
import { FollowupPage } from './followup-page';
import { followupMessages } from './followup-messages';
import { useHoldNavigation, useLeaveGuard } from './leave-guard';

const INDEX_PATH = '/publichealthwork/index';
/** The archive's own page, first in its menu: the shell's, not a form. */
const HOME_PAGE = 'healtharchive';
const NO_PAGES: readonly ArchivePage[] = [];

/**
 * /publichealthwork/detail/:page?arch_id=… (spec 001 §2): the archive header, a left menu of the
 * archive's forms (from the registry: healthmenu/getHealthMenuRoutes) and the chosen page — a
 * form's page is the three-column follow-up page with the tabs the registry joins to it; an archive
 * page that is not a form (archive-pages.ts: 老年人档案…) sits among them when its forms are offered.
 * A missing arch_id is 入参有误[arch_id]; an archive the server does not have (or another tenant's)
 * is 数据不存在!. `extraPages`: archive pages of other features, handed in by src/app (features never
 * import each other): the child growth chart.
 */
export function ArchiveDetailPage({ extraPages = NO_PAGES, page: routedPage }: { extraPages?: readonly ArchivePage[]; page?: string }) {
  const m = useMessages(followupMessages);
  const { lang } = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  // The shell routes /publichealthwork/detail/* (a splat); a route with :page works the same.
  // A route of its own (/publichealthwork/detail/growthchart) names its page.
  const page = routedPage ?? ((params.page ?? params['*'] ?? '').split('/')[0] || HOME_PAGE);
  const [search] = useSearchParams();
  const backToTasks = taskCentreReturn(search);
  const archId = readArchId(search);
  // The page's own ways out ask through leave(); every other navigation away is held and asks the same.
  const guard = useLeaveGuard();
  const { setDirty, leave } = guard;
  useHoldNavigation(guard);
  // The saved record open on a form's page, which 打印 prints (the page tells it).
  const [printRecordId, setPrintRecordId] = useState<string>();
  const {
    data: archive,
    error,
    isLoading,
    mutate: reloadArchive,
  } = useSWR(archId ? ['commuserarchives/detail', archId] : null, ([, id]) => getArchive(id), {
    revalidateOnFocus: false,
  });
  // Which forms this resident's archive offers is the form registry's answer (each form's placement).
  const menu = useSWR(archId ? ['healthmenu', archId] : null, ([, id]) => getHealthMenu(id), { revalidateOnFocus: false });
  const notFound =
    !isLoading && archId !== null && (archive === null || (error instanceof RequestError && (error.code === 404 || error.code === 400)));

  useEffect(() => {
    // The spec shows these as warnings too, so a user who missed the page text still sees why.
    if (archId === null) message.warning(m.badArchId);
    else if (notFound) message.warning(m.noData);
  }, [archId, notFound, message, m]);

  if (archId === null) return <Result status="warning" title={m.badArchId} />;
  if (notFound) return <Result status="warning" title={m.noData} extra={<a onClick={() => navigate(INDEX_PATH)}>{m.backToList}</a>} />;
  if (error) return <Result status="error" title={error instanceof Error ? error.message : String(error)} />;
  if (!archive)
    return (
      <Spin style={{ display: 'block', margin: 48 }} tip={m.loading}>
        <div />
      </Spin>
    );

  const routes = menu.data?.routes ?? [];
  const route = routes.find((r) => r.code === page);
  const labelOf = (code: string) =>
    code === HOME_PAGE
      ? m.menuHealthArchive
      : (routes.find((r) => r.code === code)?.name ?? archivePageOf(code, extraPages)?.title[lang] ?? code);
  // The forms' entries and the archive pages offered with them (archive-pages.ts), in menu order.
  const pages = [HOME_PAGE, ...menuPageCodes(routes, extraPages)];
  // A page reached by link stays in the menu even when the registry would not list it for this resident.
  if (!pages.includes(page)) pages.push(page);
  const archiveId = archive.archId ?? archive.id;
  const openPage = (key: string) => {
    if (key !== page) leave(() => navigate(detailHref(key, search, `${archive.personName}·${labelOf(key)}`)));
  };
  const ArchivePageView = archivePageOf(page, extraPages)?.Page;

  return (
    <Flex vertical className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      <ArchiveHeader
        archive={archive}
        onClose={() => leave(() => navigate(taskCentreReturn(search) ?? INDEX_PATH))}
        printRecordId={printRecordId}
      />
      <Flex className="fu-print-flow" style={{ flex: 1, minHeight: 0 }}>
        <Menu
          className="fu-no-print"
          mode="inline"
          style={{ width: 168, flex: 'none', overflow: 'auto' }}
          selectedKeys={[page]}
          items={pages.map((p) => ({ key: p, label: labelOf(p) }))}
          onClick={({ key }) => openPage(key)}
        />
        <div className="fu-print-flow" style={{ flex: 1, minWidth: 0, overflow: 'auto', background: '#f5f7fa' }}>
          {page === HOME_PAGE ? (
            <ArchiveSummary archive={archive} onChanged={() => void reloadArchive()} />
          ) : ArchivePageView ? (
            <ArchivePageView archive={archive} archId={archiveId} openPage={openPage} />
          ) : route ? (
            <FollowupPage
              key={`${archiveId}:${page}`}
              formCode={page}
              tabs={route.tabs}
              archive={archive}
              archId={archiveId}
              onDirtyChange={setDirty}
              kind={route.kind}
              title={route.name}
              {...(backToTasks && { onRecordSaved: () => navigate(backToTasks) })}
              onPrintTarget={setPrintRecordId}
            />
          ) : menu.isLoading ? (
            <Spin style={{ display: 'block', margin: 48 }} tip={m.loading}>
              <div />
            </Spin>
          ) : (
            <Result status="info" title={m.pageNotHere(page)} />
          )}
        </div>
      </Flex>
    </Flex>
  );
}
