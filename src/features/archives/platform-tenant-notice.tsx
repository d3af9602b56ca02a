import { Result } from 'antd';
import { ROOT_TENANT_ID } from '../../shared/config';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useMessages } from '../../shared/i18n/i18n-context';

const noticeMessages = defineMessages(
  {
    title: '平台机构不保存居民档案',
    text: '居民健康档案建在各社区卫生服务机构名下，区域平台（000000）本身没有居民，所以这里的列表是空的。请点击页面右上角的「切换机构」，进入一家机构后查看和管理它的居民档案。',
  },
  {
    title: 'The platform keeps no residents’ archives',
    text: 'Residents’ health archives belong to the community health institutions; the regional platform (000000) has no residents of its own, so this list is empty. Use “Switch institution” at the top right to enter an institution and work with its archives.',
  },
);

/** Whether the signed-in tenant is the platform (root) tenant, which keeps no residents. */
export const isPlatformTenant = (tenantId: string | undefined): boolean => tenantId === ROOT_TENANT_ID;

/**
 * Shown to the platform administrator instead of an archive list that would always be empty
 * (issue 17): says why, and where the archives are — behind the organisation switch.
 */
export function PlatformTenantNotice() {
  const m = useMessages(noticeMessages);
  return <Result status="info" title={m.title} subTitle={m.text} data-testid="platform-tenant-notice" />;
}
