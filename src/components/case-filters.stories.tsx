import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Select, Typography } from 'antd';
import { CaseFilters } from './case-filters';

/** The case lists' filter bar (孕产妇管理, 儿童档案): name or ID, state, then the list's own filters. */
const meta: Meta<typeof CaseFilters> = {
  title: 'Components/CaseFilters',
  component: CaseFilters,
  args: { onFilter: () => undefined },
};
export default meta;

type Story = StoryObj<typeof CaseFilters>;

/** Empty: the shared two only. */
export const Empty: Story = {};
/** The page's side: the filters it holds, shown below the bar. */
function FilledBar() {
  const [filters, setFilters] = useState<Record<string, string | undefined>>({ keyword: '陈', status: '1' });
  return (
    <>
      <CaseFilters keyword={filters.keyword} status={filters.status} onFilter={(k, v) => setFilters((f) => ({ ...f, [k]: v }))}>
        <Select
          placeholder="风险颜色"
          allowClear
          style={{ width: 150 }}
          options={[
            { value: 'green', label: '绿色(低风险)' },
            { value: 'red', label: '红色(高风险)' },
          ]}
        />
      </CaseFilters>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {JSON.stringify(filters)}
      </Typography.Paragraph>
    </>
  );
}
/** Filtering 在管 cases by a name. */
export const Filled: Story = { render: () => <FilledBar /> };
