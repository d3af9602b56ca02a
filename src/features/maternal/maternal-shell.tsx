import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Flex, Tabs, Typography } from 'antd';
import useSWR from 'swr';
import { getArchive, saveArchiveAvatar } from '../../api/archives';
import { listRecords, followupStore, type FollowupRecord } from '../../api/followups';
import { getParamByKey, uploadAvatar } from '../../api/profile';
import { taskCentreReturn } from '../../shared/task-centre-return';
import { getMaternalCase, getOpenPregnancy, type MaternalCase } from './maternal-api';
import { MaternalBabyVisits } from './maternal-baby-visits';
import { MaternalBook } from './maternal-book';
import { CaseForm } from './maternal-case-form';
import type { ResidentPicker } from './maternal-filing-dialog';
import { MaternalFormTab, type RecordPage } from './maternal-form-tab';
import { MaternalHeader } from './maternal-header';
import { caseEditable, navNameOf, readShellQuery } from './maternal-links';
import { bundledForm, bundledFormCodes } from '../../form-runtime';
import { LIST_PATH } from './maternal-messages';
import { maternalTabsFrom, openingTab, tabShown } from './maternal-tabs';
import { hasDeathFlag, setDeathFlag } from './maternal-stage';
import './maternal-shell.css';

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '操作失败';
const PARAM_KEYS = ['HIDE_PRENATAL_SCREENING', 'mother-newborn-visit', 'isShowBabyVisit', 'ClosedCaseAllowsEditing'];
// The forms each tab hosts, by the placement of the form documents shipped with the app.
const MATERNAL_TABS = maternalTabsFrom(bundledFormCodes().flatMap((code) => bundledForm(code) ?? []));

/** The archive page's leave confirmation: `leave(go)` asks while setDirty(true) holds, and navigation away is held the same. */
export interface LeaveGuard {
  setDirty: (dirty: boolean) => void;
  leave: (go: () => void) => void;
}

/**
 * What the shell takes from the archive pages (features/archive-detail), handed in by src/app since
 * features never import each other: the follow-up page a form is filled in, and its leave guard.
 */
export interface MaternalHosts {
  RecordPage: RecordPage;
  /** Called once per shell, as a hook: the guard, holding every navigation away too. */
  useLeaveGuard: () => LeaveGuard;
  /** The resident picker the list's 新增建档 picks the woman with (child health's). */
  ResidentPicker?: ResidentPicker;
}

/** One dirty flag per part of the shell (the case form, each form), the guard told whether any is set. */
function useDirtyParts(setDirty: (dirty: boolean) => void) {
  const parts = useRef(new Map<string, boolean>());
  const reporters = useRef(new Map<string, (dirty: boolean) => void>());
  return useCallback(
    (part: string) => {
      let report = reporters.current.get(part);
      if (!report) {
        report = (dirty: boolean) => {
          parts.current.set(part, dirty);
          setDirty([...parts.current.values()].some(Boolean));
        };
        reporters.current.set(part, report);
      }
      return report;
    },
    [setDirty],
  );
}

/**
 * The maternal shell /publichealthwork/maternal/ (spec 001 lines 17, 24): header, top tabs by the
 * settings, each form tab the follow-up page over this case's records. A visited tab stays mounted,
 * so switching tabs keeps what was typed; closing (or any navigation away) with typing not saved asks
 * first. A saved form reloads the case, so the header shows the risk colour or the close-off the
 * server's after-save step gave it.
 */
export function MaternalShell({ archId, otherId, hosts }: { archId: string; otherId: string; hosts: MaternalHosts }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [c, setCase] = useState<MaternalCase | null | undefined>(undefined);
  // The settings, read before the tabs show (they decide which tabs exist, and so the tab opened).
  const [params, setParams] = useState<Record<string, string> | undefined>(undefined);
  const [loadError, setLoadError] = useState('');
  const { setDirty, leave } = hosts.useLeaveGuard();
  const dirtyOf = useDirtyParts(setDirty);
  useEffect(() => {
    void Promise.all(PARAM_KEYS.map((k) => getParamByKey(k).catch(() => ''))).then((values) =>
      setParams(Object.fromEntries(PARAM_KEYS.map((k, i) => [k, String(values[i] ?? '')]))),
    );
  }, []);
  useEffect(() => {
    const load = otherId ? getMaternalCase(otherId) : getOpenPregnancy(archId);
    load.then((found) => setCase(found ?? null)).catch((e) => setLoadError(errorText(e)));
  }, [archId, otherId]);
  const caseArch = c?.archId ?? archId;
  // The resident's archive, for what a new record starts from (birth date, sex), as on the archive page.
  const { data: archive, mutate: setArchive } = useSWR(
    caseArch ? ['commuserarchives/detail', caseArch] : null,
    ([, id]) => getArchive(id),
    {
      revalidateOnFocus: false,
    },
  );
  // The death flag (spec 001 line 24): kept locally per otherId, and set here too when the case
  // already holds a 孕产妇死亡报告卡, so every browser shows the same 已注销.
  const [dead, setDead] = useState(false);
  useEffect(() => {
    if (!c) return;
    if (hasDeathFlag(c.id)) return setDead(true);
    setDead(false);
    listRecords(followupStore, c.archId, 'maternaldeath', c.id)
      .then((records) => {
        if (records.length === 0) return;
        setDeathFlag(c.id);
        setDead(true);
      })
      .catch(() => undefined);
  }, [c]);
  const reloadCase = useCallback(
    (record?: FollowupRecord) => {
      if (!c) return;
      if (record?.formCode === 'maternaldeath') {
        setDeathFlag(c.id);
        setDead(true);
      }
      getMaternalCase(c.id).then(setCase, (e) => setLoadError(errorText(e)));
    },
    [c],
  );
  // The photo is the resident's archive's (the same avatar the archive page shows): uploaded with the
  // avatar policy, then saved on the archive with the version read.
  const saveAvatar = useCallback(
    async (file: File) => {
      if (!archive) throw new Error('居民档案尚未加载，请稍后再试');
      const link = await uploadAvatar(file);
      await setArchive(await saveArchiveAvatar(archive, link), { revalidate: false });
    },
    [archive, setArchive],
  );
  const tabs = useMemo(() => (params ? MATERNAL_TABS.filter((t) => tabShown(t, params)) : []), [params]);
  // The tab is the page's own state (seeded from ?tab=): the detail layout keys its tabs by URL, so
  // writing the tab or the new otherId into the URL would open another layout tab.
  // ?form= (the task centre's 随访 on a prenatal visit, say) opens the tab holding that form, when the
  // settings show it; else the first tab shown.
  const formAsked = search.get('form') ?? undefined;
  const [chosen, setActive] = useState<string | undefined>(undefined);
  const active = openingTab(tabs, MATERNAL_TABS, chosen ? { tab: chosen } : { tab: search.get('tab') ?? undefined, form: formAsked });
  const backToTasks = taskCentreReturn(search);
  // lastMenstrualPeriod and BARCODE prefill a filing; caseClosed / ClosedCaseAllowsEditing keep a closed case read only (decision 0044).
  const query = useMemo(() => readShellQuery(search), [search]);
  const editable = caseEditable(c?.status, query, params?.ClosedCaseAllowsEditing ?? '');
  const close = () =>
    leave(() => {
      // Only a #nav_name=<path> hash names the menu to return to (spec 001 line 17); any other hash is not a place.
      const nav = navNameOf(window.location.hash);
      navigate(nav ?? backToTasks ?? sessionStorage.getItem('maternal-list-url') ?? LIST_PATH);
    });
  // Opened from the task centre: a saved form goes back there, as the archive page's forms do.
  const formSaved = (record: FollowupRecord) => (backToTasks ? navigate(backToTasks) : reloadCase(record));
  if (loadError) return <Alert type="error" showIcon message={loadError} style={{ margin: 16 }} />;
  if (c === undefined || !params) return null;
  return (
    <Flex vertical style={{ background: '#fff', height: '100%', minHeight: 0 }}>
      {c ? (
        <MaternalHeader
          c={c}
          onClose={close}
          avatar={archive?.avatar}
          onAvatar={archive ? saveAvatar : undefined}
          dead={dead}
          resident={archive}
        />
      ) : (
        <Flex justify="space-between" style={{ padding: 16 }}>
          <Typography.Title level={5}>新建孕产妇档案</Typography.Title>
          <Button onClick={close}>关闭</Button>
        </Flex>
      )}
      <Tabs
        className="maternal-fill"
        activeKey={c ? active : 'maternalArchive'}
        style={{ padding: '0 16px' }}
        tabBarStyle={{ marginBottom: 8 }}
        onChange={(key) => {
          // A tab change only when the target differs from the current tab.
          if (key !== active) setActive(key);
        }}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          disabled: !c && t.key !== 'maternalArchive',
          children:
            t.key === 'maternalArchive' ? (
              <CaseForm
                key={c?.id ?? 'new'}
                archId={caseArch}
                c={c}
                onSaved={setCase}
                onDirtyChange={dirtyOf('case')}
                prefill={query}
                readOnlyNote={c && !editable ? '孕产妇档案已结案，不能修改' : undefined}
              />
            ) : t.formCodes && c && archive ? (
              <MaternalFormTab
                RecordPage={hosts.RecordPage}
                forms={t.formCodes}
                c={c}
                archive={archive}
                dirtyOf={dirtyOf}
                initialForm={formAsked}
                onSaved={formSaved}
              />
            ) : t.key === 'maternalfiles' && c ? (
              <MaternalBook c={c} />
            ) : t.key === 'maternalBabyVisit' && c ? (
              <MaternalBabyVisits RecordPage={hosts.RecordPage} c={c} onDirtyChange={dirtyOf('babyVisit')} leave={leave} />
            ) : null,
        }))}
      />
    </Flex>
  );
}
