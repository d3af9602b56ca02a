import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useButtonGrants } from '../../api/button-permissions';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  bringIntoEffect,
  bringManyIntoEffect,
  cancelContract,
  listContracts,
  pushContracts,
  removeContract,
  terminateContract,
  voidMany,
  type ContractPage,
  type ContractView,
} from './contract-api';
import { contractMessages } from './contract-messages';
import { ContractTable } from './contract-table';
import { PerformDrawer } from './perform-drawer';

const STATES = [
  ['0', '待签约'],
  ['1', '已签约'],
  ['2', '生效中'],
  ['3', '已到期'],
  ['4', '已解约'],
  ['5', '已作废'],
] as const;

interface Filters {
  personName?: string;
  state_equal?: string;
  doctorName?: string;
}

/**
 * 签约管理's 签约协议 tab: the tenant's contracts (usercontracts/new-list) with their filters, and the
 * state actions each state allows — 生效 (已签约), 解约 with a reason (已签约, 生效中), 作废 (待签约,
 * 已签约), 删除 (待签约, 已作废) — shown to those granted them (buttons 4311–4314); 履约 opens a
 * contract's service items. Signing itself starts from the resident's archive. The ticked rows:
 * 批量生效 (batch-sign-contract-comes-into-effect) and 批量作废 (contract-invalid/byid), all or none
 * as the server decides, and 上报签约 (button 4401 contract_push), which reports them to the regional
 * system — with none ticked, every one whose report failed — and shows the server's answer.
 */
export function ContractAgreements() {
  const m = useMessages(contractMessages);
  const { message, modal } = App.useApp();
  const { grants } = useButtonGrants();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [data, setData] = useState<ContractPage | undefined>();
  const [loading, setLoading] = useState(true);
  const [terminating, setTerminating] = useState<ContractView | undefined>();
  const [reason, setReason] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [performing, setPerforming] = useState<string | undefined>();
  const voidReason = useRef('');

  const load = useCallback(() => {
    setLoading(true);
    listContracts({ ...filters, current: paging.current, size: paging.size })
      .then(setData)
      .catch(() => setData(undefined))
      .finally(() => setLoading(false));
  }, [filters, paging]);
  useEffect(load, [load]);

  const act = (title: string, work: () => Promise<unknown>) =>
    modal.confirm({
      title,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        await work();
        message.success(m.done);
        load();
      },
    });

  const actions = (r: ContractView) => (
    <Space size={0} wrap>
      {r.state === 1 && grants['contract_effect'] && (
        <Button size="small" type="link" onClick={() => act(m.confirmEffect, () => bringIntoEffect(r.id, r.rowVersion))}>
          {m.effect}
        </Button>
      )}
      {(r.state === 1 || r.state === 2) && grants['contract_terminate'] && (
        <Button
          size="small"
          type="link"
          danger
          onClick={() => {
            setReason('');
            setTerminating(r);
          }}
        >
          {m.terminate}
        </Button>
      )}
      {(r.state === 0 || r.state === 1) && grants['contract_cancel'] && (
        <Button size="small" type="link" onClick={() => act(m.confirmVoid, () => cancelContract(r.id, r.rowVersion))}>
          {m.void}
        </Button>
      )}
      {(r.state === 1 || r.state === 2 || r.state === 3) && (
        <Button size="small" type="link" onClick={() => setPerforming(r.contractNo)}>
          {m.performAction}
        </Button>
      )}
      {(r.state === 0 || r.state === 5) && grants['contract_remove'] && (
        <Button size="small" type="link" danger onClick={() => act(m.confirmRemove, () => removeContract(r.id, r.rowVersion))}>
          {m.remove}
        </Button>
      )}
    </Space>
  );

  const push = () =>
    modal.confirm({
      title: selected.length ? m.confirmPushSelected(selected.length) : m.confirmPushFailed,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        const answer = await pushContracts(selected);
        if (answer.changed) message.success(answer.msg);
        else message.info(answer.msg);
        setSelected([]);
        load();
      },
    });

  const onSelected = (title: string, work: () => Promise<string>, content?: ReactNode) => {
    if (selected.length === 0) {
      message.warning(m.noneSelected);
      return;
    }
    modal.confirm({
      title,
      content,
      okText: m.confirm,
      cancelText: m.cancel,
      onOk: async () => {
        message.success(await work());
        setSelected([]);
        load();
      },
    });
  };
  const batchEffect = () => onSelected(m.confirmBatchEffect(selected.length), () => bringManyIntoEffect(selected));
  const batchVoid = () => {
    voidReason.current = '';
    onSelected(
      m.confirmBatchVoid(selected.length),
      () => voidMany(selected, voidReason.current.trim()),
      <Input.TextArea
        rows={2}
        maxLength={200}
        placeholder={m.voidReason}
        aria-label={m.voidReason}
        onChange={(e) => (voidReason.current = e.target.value)}
      />,
    );
  };
  const canSelect = Boolean(grants['contract_push'] || grants['contract_effect'] || grants['contract_cancel']);

  const terminate = async () => {
    if (!terminating) return;
    if (reason.trim() === '') {
      message.warning(m.reasonRequired);
      return;
    }
    await terminateContract(terminating.id, terminating.rowVersion, reason.trim());
    message.success(m.done);
    setTerminating(undefined);
    load();
  };

  return (
    <div data-testid="contract-list">
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => {
          setFilters({
            personName: v.personName?.trim() || undefined,
            doctorName: v.doctorName?.trim() || undefined,
            state_equal: v.state_equal,
          });
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="personName" label={m.personName}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="doctorName" label={m.doctorName}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="state_equal" label={m.state}>
          <Select
            allowClear
            placeholder={m.allStates}
            style={{ width: 120 }}
            options={STATES.map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {m.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {m.reset}
            </Button>
            {grants['contract_effect'] && (
              <Button onClick={batchEffect} data-testid="contract-batch-effect">
                {m.batchEffect}
              </Button>
            )}
            {grants['contract_cancel'] && (
              <Button onClick={batchVoid} data-testid="contract-batch-void">
                {m.batchVoid}
              </Button>
            )}
            {grants['contract_push'] && (
              <Button onClick={push} data-testid="contract-push">
                {m.push}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <ContractTable
        rows={data?.records ?? []}
        loading={loading}
        withPerson
        actions={actions}
        {...(canSelect ? { selection: { keys: selected, onChange: setSelected } } : {})}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <Modal
        open={terminating !== undefined}
        title={m.terminate}
        okText={m.confirm}
        cancelText={m.cancel}
        onOk={() => void terminate()}
        onCancel={() => setTerminating(undefined)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={m.reasonLabel} required>
            <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
      <PerformDrawer contractNo={performing} onClose={() => setPerforming(undefined)} />
    </div>
  );
}
