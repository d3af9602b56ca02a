import { Alert, App, Button, Empty, Flex, Modal, Result, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getArchiveFamily, type FamilyMember } from '../../api/families';
import { refusalMessage } from '../../api/printing';
import type { FieldValue } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  contractDefaults,
  contractsOfArchive,
  familyBatch,
  oneKeySign,
  type ContractDefaults,
  type ContractTerms,
  type ContractView,
} from './contract-api';
import { ContractTable, StateTag } from './contract-table';
import { ContractTermsForm, termsFromDefaults, termsOf } from './contract-terms-form';
import { familySignMessages } from './family-sign-messages';
import { SignaturePadDialog } from './signature-pad-dialog';

export interface FamilySignDialogProps {
  open: boolean;
  /** The archive whose page opened the dialog: its family is signed, its defaults fill the terms. */
  archId: string;
  /** After 关闭; `signed` when a batch was signed (the page reloads its contracts). */
  onClose: (signed: boolean) => void;
}

/** A member with the contract that holds them now (待签约, 已签约 or 生效中), if any. */
interface Member extends FamilyMember {
  open?: ContractView | undefined;
}

const OPEN_STATES = new Set([0, 1, 2]);

/** The family's members, each with their open contract: one read per member (a family is small). */
async function membersWithContracts(archId: string): Promise<Member[]> {
  const { members } = await getArchiveFamily(archId);
  return Promise.all(
    members.map(async (member) => {
      const contracts = await contractsOfArchive(member.archId).catch(() => [] as ContractView[]);
      return { ...member, open: contracts.find((c) => OPEN_STATES.has(c.state)) };
    }),
  );
}

/**
 * 家庭一键签约 (one-key-sign-contract): the family's members ticked (by default those without an open
 * contract), the same terms as single signing (schemas/contractsign.json), one signature for all,
 * then one call — each ticked member 已签约 in one batch, or nobody. The answer shows the server's
 * message and the batch's contracts (get-batch-family-sign-contract-by-gw-id); a refusal (a member
 * already signed, too many) shows the server's message and keeps the ticks and terms.
 */
export function FamilySignDialog({ open, archId, onClose }: FamilySignDialogProps) {
  const f = useMessages(familySignMessages);
  const { message } = App.useApp();
  const [members, setMembers] = useState<Member[] | undefined>();
  const [defaults, setDefaults] = useState<ContractDefaults | undefined>();
  const [ticked, setTicked] = useState<string[]>([]);
  const [terms, setTerms] = useState<ContractTerms | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [done, setDone] = useState<{ msg: string; gwId: string; rows: ContractView[] } | undefined>();

  useEffect(() => {
    if (!open) return;
    setMembers(undefined);
    setDone(undefined);
    setRefusal(undefined);
    let live = true;
    membersWithContracts(archId)
      .then((list) => {
        if (!live) return;
        setMembers(list);
        setTicked(list.filter((x) => !x.open).map((x) => x.archId));
      })
      .catch(() => live && setMembers([]));
    contractDefaults(archId)
      .then((d) => live && setDefaults(d))
      .catch(() => live && onClose(false));
    return () => {
      live = false;
    };
  }, [open, archId, onClose]);

  const askSignature = (values: Record<string, FieldValue>) => {
    if (ticked.length === 0) return void message.warning(f.pick);
    setRefusal(undefined);
    setTerms(termsOf(values));
  };

  const sign = async (autograph: string) => {
    if (!terms) return;
    try {
      const { rows, msg } = await oneKeySign({ ...terms, archIds: ticked, autograph });
      const gwId = rows[0]?.gwId ?? '';
      setTerms(undefined);
      message.success(msg);
      const batch = gwId ? await familyBatch(gwId).catch(() => rows) : rows;
      setDone({ msg, gwId, rows: batch });
    } catch (error) {
      // Nobody was signed: the pad closes, the ticks and terms stay for another try.
      setTerms(undefined);
      setRefusal(await refusalMessage(error));
    }
  };

  const body = () => {
    if (done)
      return (
        <div data-testid="family-sign-result">
          <Result status="success" title={done.msg} subTitle={f.batch(done.gwId)} style={{ padding: '8px 0 16px' }} />
          <ContractTable rows={done.rows} loading={false} withPerson />
        </div>
      );
    if (!members || !defaults) return <Spin />;
    if (members.length === 0) return <Empty description={f.noFamily} />;
    return (
      <Flex gap={24} align="start">
        <ContractTermsForm values={termsFromDefaults(defaults)} submitText={f.submit} onSubmit={askSignature} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {f.members}
          </Typography.Title>
          {refusal && (
            <Alert
              type="error"
              showIcon
              message={f.refused}
              description={refusal}
              style={{ marginBottom: 12 }}
              data-testid="family-sign-refusal"
            />
          )}
          <Table<Member>
            size="small"
            rowKey="archId"
            pagination={false}
            dataSource={members}
            data-testid="family-sign-members"
            rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(String)) }}
            columns={[
              {
                title: f.name,
                dataIndex: 'personName',
                render: (name: string, row) => (
                  <>
                    {name}
                    {row.archId === archId && <Tag style={{ marginInlineStart: 8 }}>{f.self}</Tag>}
                  </>
                ),
              },
              { title: f.relation, dataIndex: 'relationName', width: 120 },
              {
                title: f.current,
                key: 'open',
                width: 110,
                render: (_: unknown, row) =>
                  row.open ? <StateTag contract={row.open} /> : <Typography.Text type="secondary">{f.none}</Typography.Text>,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {f.ticked(ticked.length)}
          </Typography.Paragraph>
        </div>
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      width={1200}
      title={f.title}
      onCancel={() => onClose(done !== undefined)}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={() => onClose(done !== undefined)}>
          {f.close}
        </Button>,
      ]}
    >
      <div data-testid="family-sign">{body()}</div>
      <SignaturePadDialog open={terms !== undefined} onCancel={() => setTerms(undefined)} onConfirm={sign} />
    </Modal>
  );
}
