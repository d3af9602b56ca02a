// Tests only: what the archive detail page's screen tests share — the seeded doctor's session,
// an archive of a hypertension patient and a saved follow-up of it, and the page rendered at a URL with the providers the app
// gives it.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { UiProviders } from '../../components/ui-providers';
import { ArchiveDetailPage } from './archive-detail-page';

export const DOCTOR_LOGIN = {
  access_token: 'acc',
  refresh_token: 'ref',
  tenant_id: '100001',
  user_id: '1501',
  account: 'doctor',
  real_name: '张伟',
};

export const HYPERTENSION_ARCHIVE = {
  id: '9001',
  archId: '9001',
  archivesNo: '441622000001',
  archivesStatus: '1',
  archivesStatusText: '正常',
  personName: '李秀英',
  sex: '2',
  age: 62,
  birthday: '1964-03-02',
  idCard: '441622196403020021',
  phone: '13800005678',
  doctorName: '张伟',
  teamName: '家庭医生一团队',
  crowdLabels: ['hypertension'],
};

/** A complete saved follow-up of that archive without anomalies (150/95 at 62, BMI 24.22). */
export const SAVED_FOLLOWUP = {
  id: '7001',
  formCode: 'hypertensionfollowup',
  formVersion: 1,
  archId: '9001',
  rowVersion: 3,
  createTime: '2026-08-20 09:00:00',
  updateUserName: '张伟',
  values: {
    visitDate: '2026-08-20',
    visitMethod: '1',
    birthDate: '1964-03-02',
    symptoms: ['1'],
    sbp: 150,
    dbp: 95,
    height: 170,
    weight: 70,
    drugCompliance: '0',
    adverseReaction: '1',
    followupClass: '2',
    referral: '1',
    outcome: '1',
    nextVisitDate: '2026-11-20',
    doctorSign: '张伟',
  },
};

const tab = (code: string, name: string, kind: string, sort: number) => ({ code, name, sort, kind, formName: name, version: 1 });
const route = (code: string, name: string, sort: number, tabs: ReturnType<typeof tab>[]) => ({
  ...tab(code, name, 'followup', sort),
  path: `/publichealthwork/detail/${code}`,
  tabs,
});

/**
 * healthmenu/getHealthMenuRoutes as the server answers it for that archive with the bundled forms'
 * placements — plus the diabetes follow-up, so one archive reaches both pages.
 */
export const HEALTH_MENU = {
  routes: [
    route('hypertensionfollowup', '高血压随访', 20, [
      tab('hypertensionassessment', '分级评估', 'evaluation', 20),
      tab('healtheducation', '健康教育', 'education', 30),
    ]),
    route('diabetesfollowup', '糖尿病随访', 30, [tab('healtheducation', '健康教育', 'education', 30)]),
  ],
  buttons: ['publichealthwork'],
};

/** /publichealthwork/detail/* at `entry`, with the archive list beside it; returns the router. */
export function renderDetail(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/publichealthwork/detail/*', element: <ArchiveDetailPage /> },
      { path: '/publichealthwork/index', element: <p>archive list</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>,
  );
  return router;
}
