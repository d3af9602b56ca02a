import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { SWRConfig, unstable_serialize } from 'swr';
import type { MessageItem } from '../../api/messages';
import { BUTTONS_KEY } from '../../api/button-permissions';
import { MessagePanel } from './message-panel';

// Stories never call the server (.storybook/README.md): the panel's reads are answered from SWR's
// fallback and never revalidated; 保存草稿 / 发送 would reach the network and fail quietly.
const ARCH = '100001000000014';
const item = (over: Partial<MessageItem>): MessageItem => ({
  id: '1',
  archId: ARCH,
  followupId: '',
  templateId: '',
  missionId: '',
  category: '1',
  title: '',
  content: '',
  sendMethod: '2',
  receiveMethod: '2',
  userIds: '2302',
  users: '张伟',
  status: 1,
  publishUserName: '李娜',
  createTime: '2026-11-28 09:30:00',
  sendTime: '2026-11-28 09:30:00',
  rowVersion: 1,
  ...over,
});
const messages = [
  item({ id: '3', title: '血压复查提醒', content: '<p>何文华您好，请于<strong>12月5日</strong>前到社区卫生服务中心复查血压。</p>' }),
  item({ id: '2', category: '6', title: '季度随访任务', content: '<p>本季度高血压随访请在月底前完成。</p>', publishUserName: '王强' }),
  item({
    id: '1',
    category: '7',
    title: '档案更新',
    content: '<p>已更新现住址与联系电话，原住址为源城区上城街道旧址，联系电话已改为本人手机号码，请知悉。</p>',
  }),
];

const fallback = {
  [BUTTONS_KEY]: { message_send: true },
  [unstable_serialize(['message-list', ARCH])]: { records: messages, total: messages.length, size: 50, current: 1, pages: 1 },
  'msgtemp/list-msg-temp-dis': [{ value: 't1', label: '复查提醒', category: '1', content: '<p>{姓名}您好，请按时复查。</p>' }],
  'blade-user/listDoctor': [
    { id: '2302', realName: '张伟' },
    { id: '2303', realName: '李娜' },
  ],
};

const meta: Meta<typeof MessagePanel> = {
  title: 'ArchiveDetail/MessagePanel',
  component: MessagePanel,
  decorators: [
    (Story) => (
      <SWRConfig
        value={{ provider: () => new Map(), fallback, revalidateOnMount: false, revalidateIfStale: false, revalidateOnFocus: false }}
      >
        <App>
          <Story />
        </App>
      </SWRConfig>
    ),
  ],
  args: { archId: ARCH, personName: '何文华' },
};
export default meta;

/** The header's 消息 button; the panel opens on it with three messages (a sent one, a task of category 6, an update of category 7). */
export const Default: StoryObj<typeof MessagePanel> = {};
