import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ArchiveRecord } from '../../api/archives';
import { answerCalls } from '../../api/story-answers';
import { bundledForm } from '../../form-runtime';
import { maternalCaseFixture } from './maternal-case-fixture';
import { MaternalFormTab } from './maternal-form-tab';
import { RecordPageStandIn } from './record-page-stand-in';

const lmp = new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10);
const archive = { id: '10', personName: '陈秀英', sex: '2', birthday: '1995-03-01' } as ArchiveRecord;

const newborn = (id: string, values: Record<string, unknown>, createTime: string) => ({
  id,
  archId: '10',
  otherId: '1',
  formCode: 'maternalnewborn',
  formVersion: 1,
  createTime,
  values,
});

/**
 * The server's answers: each form's published document (the bundled file here), the case's
 * 新生儿登记 records (list-maternal-newborn-registration, an array) and no records of the others.
 */
function answer(url: string): unknown {
  if (url.includes('/form/version')) return bundledForm(new URLSearchParams(url.split('?')[1]).get('formCode') ?? '') ?? null;
  if (url.includes('list-maternal-newborn-registration'))
    return [
      newborn('n1', { babyName: '陈小宝', birthDate: '2026-05-01', registerDate: '2026-05-03' }, '2026-05-03 09:12:00'),
      newborn('n2', { babyName: '陈小贝', birthDate: '2026-05-01', registerDate: '2026-05-03' }, '2026-05-03 09:20:00'),
    ];
  return { records: [], total: 0, size: 200, current: 1, pages: 0 };
}

/** A shell tab's forms, each on the record page the shell hands in (a stand-in here: Storybook has no archive page). */
const meta: Meta<typeof MaternalFormTab> = {
  title: 'Maternal/MaternalFormTab',
  component: MaternalFormTab,
  args: {
    RecordPage: RecordPageStandIn,
    c: maternalCaseFixture({ lastMenstrualPeriod: lmp }),
    archive,
    dirtyOf: () => () => undefined,
    onSaved: () => undefined,
  },
  decorators: [
    (Story) => {
      answerCalls(answer, 100);
      return (
        <div style={{ height: 480 }}>
          <Story />
        </div>
      );
    },
  ],
};
export default meta;

type Story = StoryObj<typeof MaternalFormTab>;

/** 产检随访: the first prenatal exam and the 2nd–5th visits as sub-tabs, the 2nd–5th with its visit windows. */
export const PrenatalVisits: Story = {
  args: {
    forms: [
      { code: 'maternalfirstvisit', label: '第1次产前检查' },
      { code: 'maternalprenatal', label: '第2~5次产前随访' },
    ],
    initialForm: 'maternalprenatal',
  },
};
/** 新生儿登记: twins registered the same day, each record named by the baby and its dates. */
export const NewbornRegistration: Story = { args: { forms: [{ code: 'maternalnewborn', label: '新生儿登记' }] } };
/** A closed case: its records open, 新增 is refused with the reason. */
export const ClosedCase: Story = {
  args: {
    forms: [{ code: 'maternalpostpartum42', label: '产后42天健康检查' }],
    c: maternalCaseFixture({ status: '2', statusText: '结案', lastMenstrualPeriod: lmp }),
  },
};
/** A form the tenant has not published: the tab says so. */
export const NotPublished: Story = {
  args: { forms: [{ code: 'maternalscreening', label: '产前筛查' }] },
  decorators: [
    (Story) => {
      answerCalls((url) => (url.includes('/form/version') ? null : answer(url)), 100);
      return <Story />;
    },
  ],
};
