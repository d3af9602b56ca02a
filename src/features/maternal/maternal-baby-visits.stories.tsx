import type { Meta, StoryObj } from '@storybook/react-vite';
import { answerCalls } from '../../api/story-answers';
import { maternalCaseFixture } from './maternal-case-fixture';
import { MaternalBabyVisits } from './maternal-baby-visits';
import { RecordPageStandIn } from './record-page-stand-in';

const mother = maternalCaseFixture({ id: '77', otherId: '77', archId: '10', lastMenstrualPeriod: '2025-08-01' });
const baby = maternalCaseFixture({ id: '91', otherId: '91', archId: '501', kind: 'child', personName: '陈小宝', birthDate: '2026-05-01' });
const twin = maternalCaseFixture({ id: '92', otherId: '92', archId: '502', kind: 'child', personName: '陈小贝', birthDate: '2026-05-01' });
const older = maternalCaseFixture({ id: '90', otherId: '90', archId: '500', kind: 'child', personName: '陈大宝', birthDate: '2020-01-01' });

const visit = (id: string, b: typeof baby, visitDate: string, ageDays: number, nextVisitDate: string) => ({
  id,
  otherId: b.id,
  archId: b.archId,
  formCode: 'childnewbornvisit',
  formVersion: 1,
  values: { visitDate, ageDays, nextVisitDate, doctorSign: '张伟' },
  visitDate,
  nextVisitDate,
});

/** The server's answers: her child cases (list-by-param), their newborn visits, a baby's archive. */
function answers(children: (typeof baby)[], visits: ReturnType<typeof visit>[]) {
  return (url: string): unknown => {
    if (url.includes('userarchivesother/list-by-param'))
      return { records: children, total: children.length, size: 50, current: 1, pages: 1 };
    if (url.includes('list-maternal-children-visits')) return visits;
    if (url.includes('commuserarchives/detail')) return { id: '501', personName: '陈小宝', sex: '1', birthday: '2026-05-01' };
    return { records: visits, total: visits.length, size: 200, current: 1, pages: 1 };
  };
}

/** The maternal shell's 新生儿访视: this pregnancy's babies' home visits, and a baby's visits to open or add one. */
const meta: Meta<typeof MaternalBabyVisits> = {
  title: 'Maternal/MaternalBabyVisits',
  component: MaternalBabyVisits,
  args: { RecordPage: RecordPageStandIn, c: mother, onDirtyChange: () => undefined, leave: (go) => go() },
  decorators: [
    (Story) => {
      answerCalls(
        answers([baby, twin, older], [visit('v1', baby, '2026-05-08', 7, '2026-05-28'), visit('v2', twin, '2026-05-08', 7, '2026-05-28')]),
        100,
      );
      return <Story />;
    },
  ],
};
export default meta;

type Story = StoryObj<typeof MaternalBabyVisits>;

/** Twins visited at 7 days (the child born before her LMP is an earlier pregnancy's, not offered). */
export const Twins: Story = {};
/** No child case of this pregnancy yet: it says to file one first, and 新增访视 stays off. */
export const NoBabyYet: Story = {
  decorators: [
    (Story) => {
      answerCalls(answers([older], []), 100);
      return <Story />;
    },
  ],
};
/** The visits could not be read: the server's words show. */
export const ListFailed: Story = {
  decorators: [
    (Story) => {
      answerCalls(() => {
        throw new Error('新生儿访视记录读取失败');
      }, 100);
      return <Story />;
    },
  ],
};
