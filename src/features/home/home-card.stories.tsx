import type { Meta, StoryObj } from '@storybook/react-vite';
import { HomeCard } from './home-card';

const meta: Meta<typeof HomeCard> = {
  title: 'home/HomeCard',
  component: HomeCard,
  args: { onLogout: () => undefined },
};
export default meta;

type Story = StoryObj<typeof HomeCard>;

export const Doctor: Story = {
  args: { realName: '张医生', account: 'doctor', roleName: '家庭医生', tenantName: '东城社区卫生服务中心' },
};

/** While user info is still loading, dashes stand in for the missing facts. */
export const Loading: Story = { args: { account: 'doctor' } };

export const LoggingOut: Story = { args: { ...Doctor.args, loggingOut: true } };
