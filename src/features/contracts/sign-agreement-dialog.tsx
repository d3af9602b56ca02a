import { App, Button, Descriptions, Empty, Flex, Image, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchPdf } from '../../api/printing';
import { usePdfViewer } from '../../components/pdf-viewer';
import type { FieldValue } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  agreementUrl,
  consentLink,
  contractDefaults,
  removeContract,
  saveAutograph,
  saveContract,
  signContract,
  type ContractDefaults,
  type ContractView,
} from './contract-api';
import { contractMessages } from './contract-messages';
import { ContractTermsForm, termsFromDefaults, termsOf } from './contract-terms-form';
import { familySignMessages } from './family-sign-messages';
import { SignaturePadDialog } from './signature-pad-dialog';

export interface SignAgreementDialogProps {
  open: boolean;
  archId: string;
  personName: string;
  /** A renewal: the contract in effect the new one follows. */
  renewFrom?: string | undefined;
  /** After 完成签约 (the contract is 已签约), or after a close that rolled the signing back. */
  onClose: (signed: ContractView | undefined) => void;
}

/**
 * The sign-agreement dialog (spec 001 §2 signagreement; 1200 px; 关闭, 打印签约, 电子签名, 完成签约).
 * The terms are the dialog form document schemas/contractsign.json (the server checks the same file):
 * 生成协议 writes the contract 待签约, 电子签名 takes the resident's signature, 完成签约 signs it.
 * Closing before 完成签约 asks, then withdraws the contract generated here (the signing is rolled back).
 */
export function SignAgreementDialog({ open, archId, personName, renewFrom, onClose }: SignAgreementDialogProps) {
  const m = useMessages(contractMessages);
  const f = useMessages(familySignMessages);
  const { message, modal } = App.useApp();
  const [defaults, setDefaults] = useState<ContractDefaults | undefined>();
  const [contract, setContract] = useState<ContractView | undefined>();
  const [padOpen, setPadOpen] = useState(false);
  const { show, viewer } = usePdfViewer();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setContract(undefined);
    setDefaults(undefined);
    let live = true;
    contractDefaults(archId)
      .then((d) => live && setDefaults(d))
      .catch(() => live && onClose(undefined));
    return () => {
      live = false;
    };
  }, [open, archId, onClose]);

  const submit = async (values: Record<string, FieldValue>) => {
    const saved = await saveContract({
      archId,
      ...(contract ? { id: contract.id, rowVersion: contract.rowVersion } : {}),
      ...(renewFrom && !contract ? { renewFrom } : {}),
      ...termsOf(values),
    });
    setContract(saved);
    message.success(m.generated);
  };

  const close = () => {
    if (!contract || contract.state !== 0) {
      onClose(undefined);
      return;
    }
    modal.confirm({
      title: m.closeTitle,
      content: m.closeWarning,
      okText: m.closeOk,
      cancelText: m.cancel,
      onOk: async () => {
        await removeContract(contract.id, contract.rowVersion);
        message.info(m.rolledBack);
        onClose(undefined);
      },
    });
  };

  // 打印签约: the agreement as the server prints it (generate-pdf/protocol-service), in the PDF viewer —
  // fetched with the session's headers, which a new window would not carry.
  const print = () => {
    if (!contract) return void message.warning(m.needGenerate);
    const { id } = contract;
    show(
      async () => {
        const { link } = await agreementUrl(id);
        if (!link) throw new Error(m.agreementFailed);
        return fetchPdf(link);
      },
      { failureText: () => m.agreementFailed },
    );
  };

  // 知情同意书: the resident's informed consent as the server prints it (generate-pdf/written-consent).
  const consent = () => {
    if (!contract) return void message.warning(m.needGenerate);
    show(() => fetchPdf(consentLink(contract.id)), { fallback: f.consentFailed });
  };

  const openPad = () => {
    if (!contract) return void message.warning(m.needGenerate);
    setPadOpen(true);
  };

  const confirmSignature = async (png: string) => {
    if (!contract) return;
    const saved = await saveAutograph(contract.id, contract.rowVersion, png);
    setContract(saved);
    setPadOpen(false);
    message.success(m.signatureSaved);
  };

  const finish = async () => {
    if (!contract) return void message.warning(m.needGenerate);
    if (!contract.hasAutograph) return void message.warning(m.needSignature);
    setBusy(true);
    try {
      const signed = await signContract(contract.id, contract.rowVersion);
      message.success(m.signed);
      onClose(signed);
    } finally {
      setBusy(false);
    }
  };

  const initial = defaults && termsFromDefaults(defaults);

  return (
    <Modal
      open={open}
      width={1200}
      title={`${m.signTitle}（${personName}）`}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {m.close}
        </Button>,
        <Button key="print" disabled={!contract} onClick={() => void print()}>
          {m.print}
        </Button>,
        <Button key="consent" disabled={!contract} onClick={() => void consent()} data-testid="contract-consent">
          {f.consent}
        </Button>,
        <Button key="sign" disabled={!contract || contract.state !== 0} onClick={openPad}>
          {m.eSign}
        </Button>,
        <Button key="finish" type="primary" loading={busy} disabled={!contract?.hasAutograph} onClick={() => void finish()}>
          {m.finish}
        </Button>,
      ]}
    >
      <Flex gap={24} align="start" data-testid="sign-agreement">
        {initial ? (
          <ContractTermsForm values={initial} submitText={contract ? m.regenerate : m.generate} onSubmit={(v) => submit(v)} />
        ) : (
          <div style={{ flex: '0 0 520px' }}>
            <Spin />
          </div>
        )}
        <div style={{ flex: 1, minWidth: 0 }} data-testid="agreement-preview">
          {contract ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {m.signTitle}
              </Typography.Title>
              <Typography.Paragraph>{m.agreementParties(contract.personName, contract.teamName)}</Typography.Paragraph>
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={m.contractNo}>{contract.contractNo}</Descriptions.Item>
                <Descriptions.Item label={m.state}>
                  <Tag color={contract.state === 0 ? 'orange' : 'green'}>{contract.stateText}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={m.doctorName}>{contract.doctorName}</Descriptions.Item>
                <Descriptions.Item label={m.packNames}>{contract.packNames}</Descriptions.Item>
                <Descriptions.Item label={m.fee}>{m.yuan(contract.fee)}</Descriptions.Item>
                <Descriptions.Item label={m.period}>
                  {contract.startDate} ～ {contract.endDate}
                </Descriptions.Item>
                <Descriptions.Item label={m.signature}>
                  {contract.autographLink ? (
                    <Image src={contract.autographLink} alt={m.signature} height={72} preview={false} data-testid="signature-image" />
                  ) : (
                    <Typography.Text type="secondary">{m.noSignature}</Typography.Text>
                  )}
                </Descriptions.Item>
              </Descriptions>
            </>
          ) : (
            <Empty description={m.needGenerate} />
          )}
        </div>
      </Flex>
      <SignaturePadDialog open={padOpen} onCancel={() => setPadOpen(false)} onConfirm={confirmSignature} />
      {viewer}
    </Modal>
  );
}
