import { Button, Card, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useMessages } from '../../shared/i18n/i18n-context';
import { contractsOfArchive, type ContractView } from './contract-api';
import { contractMessages } from './contract-messages';
import { ContractTable } from './contract-table';
import { SignAgreementDialog } from './sign-agreement-dialog';

/**
 * The archive's 家庭医生签约 page (spec 001 §2 familydoctorsigning / sign): the resident's contracts,
 * 签约 opening the sign-agreement dialog, and 续签 on a contract in effect near its end.
 */
export function ContractArchivePage({ archId, personName }: { archId: string; personName: string }) {
  const m = useMessages(contractMessages);
  const [rows, setRows] = useState<ContractView[]>([]);
  const [loading, setLoading] = useState(true);
  const [signing, setSigning] = useState<{ renewFrom?: string } | undefined>();

  const load = useCallback(() => {
    setLoading(true);
    contractsOfArchive(archId)
      .then(setRows)
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
  }, [archId]);
  useEffect(load, [load]);

  const onClose = useCallback(() => {
    setSigning(undefined);
    load();
  }, [load]);

  return (
    <Card
      title={m.pageTitle}
      size="small"
      extra={
        <Button type="primary" onClick={() => setSigning({})} data-testid="contract-sign">
          {m.sign}
        </Button>
      }
    >
      <ContractTable
        rows={rows}
        loading={loading}
        withPerson={false}
        actions={(r) =>
          r.renewable ? (
            <Space>
              <Button size="small" type="link" onClick={() => setSigning({ renewFrom: r.id })}>
                {m.renew}
              </Button>
            </Space>
          ) : null
        }
      />
      {signing && <SignAgreementDialog open archId={archId} personName={personName} renewFrom={signing.renewFrom} onClose={onClose} />}
    </Card>
  );
}
