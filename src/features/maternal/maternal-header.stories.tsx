import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { maternalCaseFixture } from './maternal-case-fixture';
import { MaternalHeader } from './maternal-header';

const lmp = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
const base = maternalCaseFixture({
  lastMenstrualPeriod: lmp,
  riskColor: 'orange',
  restRegion: '源城区上城街道',
});

const meta: Meta<typeof MaternalHeader> = {
  title: 'Maternal/MaternalHeader',
  component: MaternalHeader,
  decorators: [
    (Story) => (
      <App>
        <Story />
      </App>
    ),
  ],
  args: {
    c: base,
    onClose: () => undefined,
    resident: { phone: '138****5678', regionAddress: '源城区上城街道第三网格', doctorName: '李娜', teamName: '上城家庭医生团队' },
    onAvatar: () => new Promise((resolve) => setTimeout(resolve, 600)),
  },
};
export default meta;

type Story = StoryObj<typeof MaternalHeader>;
/** An open pregnancy with an orange risk: gestational weeks and due date made from the LMP. */
export const Open: Story = {};
/** 已注销: the tags greyed. */
export const Cancelled: Story = { args: { c: { ...base, status: '3', statusText: '已注销', cancelReason: '1' } } };
/** The death flag set for the otherId (a 孕产妇死亡报告卡 saved): 已注销 and greyed though the case is open. */
export const DeathFlag: Story = { args: { dead: true } };
/** Delivered ten days ago: 产褥期, no gestational weeks; the photo the archive holds. */
export const Puerperium: Story = {
  args: {
    c: { ...base, deliveryDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10) },
    avatar:
      'data:image/svg+xml;utf8,' +
      encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#f6c"/></svg>'),
  },
};
