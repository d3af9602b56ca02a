import { Card, Tabs } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { ContractAgreements } from './contract-agreements';
import { contractMessages } from './contract-messages';
import { PerformList } from './perform-list';

/**
 * 签约管理 (/publichealthwork/signindex, menu 3770): the contracts with their state actions and
 * batch actions (签约协议), and how far each contract's service has been delivered (履约情况).
 */
export function ContractListPage() {
  const m = useMessages(contractMessages);
  return (
    <Card title={m.listTitle} size="small">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'agreements', label: m.tabAgreements, children: <ContractAgreements /> },
          { key: 'performance', label: m.tabPerformance, children: <PerformList /> },
        ]}
      />
    </Card>
  );
}
