import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { maternalCaseFixture } from './maternal-case-fixture';
import { MaternalBabyVisits } from './maternal-baby-visits';
import type { RecordPageProps } from './maternal-form-tab';

const mother = maternalCaseFixture({ id: '77', otherId: '77', archId: '10', lastMenstrualPeriod: '2025-08-01' });
const baby = maternalCaseFixture({ id: '91', otherId: '91', archId: '501', kind: 'child', personName: '陈小宝', birthDate: '2026-05-01' });
const older = maternalCaseFixture({ id: '90', otherId: '90', archId: '500', kind: 'child', personName: '陈大宝', birthDate: '2020-01-01' });

let children = [baby, older];
const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/userarchivesother/list-by-param': () =>
      blade({ records: children, total: children.length, size: 50, current: 1, pages: 1 }),
    '/api/blade-iph-business/userfollowup/list-maternal-children-visits': () =>
      blade([
        {
          id: 'v1',
          otherId: '91',
          archId: '501',
          formCode: 'childnewbornvisit',
          values: { ageDays: 7, doctorSign: '张伟' },
          visitDate: '2026-05-08',
          nextVisitDate: '2026-05-28',
        },
      ]),
    '/api/blade-iph-business/commuserarchives/detail': () => blade({ id: '501', personName: '陈小宝', sex: '1', birthday: '2026-05-01' }),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' } },
);

const pages: RecordPageProps[] = [];
function StubRecordPage(props: RecordPageProps) {
  pages.push(props);
  return <div data-testid="record-page">{props.title}</div>;
}

function renderTab(leave = (go: () => void) => go()) {
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map() }}>
        <MaternalBabyVisits RecordPage={StubRecordPage} c={mother} onDirtyChange={() => undefined} leave={leave} />
      </SWRConfig>
    </UiProviders>,
  );
}

describe('MaternalBabyVisits (the maternal shell’s 新生儿访视)', { timeout: 30_000 }, () => {
  it('lists the visits of her babies by name, and opens a baby’s visits saved by save-maternal-children-visits under its child case', async () => {
    children = [baby, older];
    renderTab();
    const row = await screen.findByRole('row', { name: /陈小宝/ });
    expect(row.textContent).toContain('2026-05-08');
    expect(row.textContent).toContain('张伟');
    const asked = seen.find((c) => c.url?.endsWith('list-maternal-children-visits'));
    expect(asked?.params).toEqual({ archId: '10', otherId: '77' });
    expect(seen.find((c) => c.url?.endsWith('list-by-param'))?.params).toMatchObject({ kind: 'child', motherArchId: '10' });
    // Only this pregnancy's baby is offered (the child born before the LMP is an earlier one's).
    expect(screen.getByTestId('baby-select').textContent).toContain('陈小宝（2026-05-01）');
    await userEvent.click(screen.getByTestId('baby-visit-add'));
    await screen.findByTestId('record-page');
    expect(pages.at(-1)).toMatchObject({
      formCode: 'childnewbornvisit',
      archId: '501',
      otherId: '91',
      store: { submitPath: '/api/blade-iph-business/userfollowup/save-maternal-children-visits' },
    });
    await userEvent.click(screen.getByTestId('baby-visit-back'));
    expect(await screen.findByTestId('baby-visits')).toBeTruthy();
  });

  it('says a baby needs its child case first when she has none of this pregnancy, and 新增访视 stays off', async () => {
    children = [older];
    renderTab();
    expect((await screen.findByTestId('baby-visits-no-baby')).textContent).toContain('本次妊娠尚无新生儿的儿童档案');
    expect(screen.getByTestId('baby-visit-add')).toHaveProperty('disabled', true);
  });

  it('going back with a visit not saved asks the shell’s leave guard first', async () => {
    children = [baby];
    const leave = vi.fn();
    renderTab(leave);
    await userEvent.click(await screen.findByTestId('baby-visit-add'));
    await screen.findByTestId('record-page');
    await userEvent.click(screen.getByTestId('baby-visit-back'));
    expect(leave).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('record-page')).toBeTruthy());
  });
});
