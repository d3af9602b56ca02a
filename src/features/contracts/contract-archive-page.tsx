import { Button, Card, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useButtonGrants } from '../../api/button-permissions';
import { fetchPdf } from '../../api/printing';
import { usePdfViewer } from '../../components/pdf-viewer';
import { useMessages } from '../../shared/i18n/i18n-context';
import { consentLink, contractsOfArchive, type ContractView } from './contract-api';
import { contractMessages } from './contract-messages';
import { ContractTable } from './contract-table';
import { FamilySignDialog } from './family-sign-dialog';
import { familySignMessages } from './family-sign-messages';
import { SignAgreementDialog } from './sign-agreement-dialog';

/** The contracts whose informed consent is printed: those generated and not voided or removed. */
const HAS_CONSENT = new Set([0, 1, 2, 3, 4]);

/**
 * The archive's 家庭医生签约 page (spec 001 §2 familydoctorsigning / sign): the resident's contracts,
 * 签约 opening the sign-agreement dialog, 家庭一键签约 signing the resident's family in one go,
 * 续签 on a contract in effect near its end, and 知情同意书 (the printed informed consent) per contract.
 */
export function ContractArchivePage({ archId, personName }: { archId: string; personName: string }) {
  const m = useMessages(contractMessages);
  const f = useMessages(familySignMessages);
  const { grants } = useButtonGrants();
  const [rows, setRows] = useState<ContractView[]>([]);
  const [loading, setLoading] = useState(true);
  const [signing, setSigning] = useState<{ renewFrom?: string } | undefined>();
  const [familySigning, setFamilySigning] = useState(false);
  const { show, viewer } = usePdfViewer();

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

  const onFamilyClose = useCallback(
    (signed: boolean) => {
      setFamilySigning(false);
      if (signed) load();
    },
    [load],
  );

  // 知情同意书: fetched with the session's headers (a new window would carry none), in the PDF viewer.
  const consent = (id: string) => show(() => fetchPdf(consentLink(id)), { fallback: f.consentFailed });

  return (
    <Card
      title={m.pageTitle}
      size="small"
      extra={
        <Space>
          {grants.contract_sign && (
            <Button onClick={() => setFamilySigning(true)} data-testid="contract-family-sign">
              {f.open}
            </Button>
          )}
          <Button type="primary" onClick={() => setSigning({})} data-testid="contract-sign">
            {m.sign}
          </Button>
        </Space>
      }
    >
      <ContractTable
        rows={rows}
        loading={loading}
        withPerson={false}
        actions={(r) => (
          <Space size={0}>
            {HAS_CONSENT.has(r.state) && (
              <Button size="small" type="link" onClick={() => void consent(r.id)}>
                {f.consent}
              </Button>
            )}
            {r.renewable && (
              <Button size="small" type="link" onClick={() => setSigning({ renewFrom: r.id })}>
                {m.renew}
              </Button>
            )}
          </Space>
        )}
      />
      {signing && <SignAgreementDialog open archId={archId} personName={personName} renewFrom={signing.renewFrom} onClose={onClose} />}
      {familySigning && <FamilySignDialog open archId={archId} onClose={onFamilyClose} />}
      {viewer}
    </Card>
  );
}
