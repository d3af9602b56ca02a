import { useState } from 'react';
import { App, Button, Card, Drawer, Empty, Flex, Form, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { HistoryOutlined, MailOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import {
  listResidentMessages,
  listTemplateChoices,
  messageHistory,
  restoreMessageVersion,
  saveMessageDraft,
  sendMessage,
  type MessageItem,
} from '../../api/messages';
import { listDoctorOptions } from '../../api/task-centre';
import { useButtonGrants } from '../../api/button-permissions';
import { richTextIsEmpty } from '../../shared/rich-text';
import { useMessages } from '../../shared/i18n/i18n-context';
import { messagePanelMessages } from './message-panel-messages';
import { cleanHtml, previewOf } from './message-sanitize';
import { RichTextEditor } from './rich-text-editor';

/** Sanitised HTML shown as is: cleaned by DOMPurify right here, whatever the server sent. */
function RichText({ html }: { html: string }) {
  return (
    <div
      className="message-content"
      style={{ lineHeight: 1.6, wordBreak: 'break-word' }}
      dangerouslySetInnerHTML={{ __html: cleanHtml(html) }}
    />
  );
}

/** Category 7 (更新记录): 30 characters, click for more (spec 001 §8). */
function UpdateRecord({ html }: { html: string }) {
  const m = useMessages(messagePanelMessages);
  const [open, setOpen] = useState(false);
  const preview = previewOf(html);
  if (open || !preview.more)
    return (
      <>
        <RichText html={html} />
        {preview.more && <a onClick={() => setOpen(false)}>{m.less}</a>}
      </>
    );
  return (
    <Typography.Text>
      {preview.text} <a onClick={() => setOpen(true)}>{m.more}</a>
    </Typography.Text>
  );
}

function MessageRow({ item, onEdit }: { item: MessageItem; onEdit: (item: MessageItem) => void }) {
  const m = useMessages(messagePanelMessages);
  // Category 6 shows its title as the sender (spec 001 §8); the others the person who sent it.
  const sender = item.category === '6' ? item.title : item.publishUserName;
  return (
    <List.Item
      data-testid="message-item"
      actions={
        item.status === 0
          ? [
              <a key="edit" onClick={() => onEdit(item)}>
                {m.edit}
              </a>,
            ]
          : []
      }
      style={{ alignItems: 'flex-start' }}
    >
      <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
        <Space size={8} wrap>
          <Typography.Text strong>{sender || '-'}</Typography.Text>
          {item.category !== '6' && item.title && <Typography.Text>{item.title}</Typography.Text>}
          <Tag color={item.status === 0 ? 'orange' : 'green'}>{item.status === 0 ? m.draft : m.sent}</Tag>
        </Space>
        {item.category === '7' ? <UpdateRecord html={item.content} /> : <RichText html={item.content} />}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.users ? `${m.to}：${item.users} · ` : ''}
          {item.sendTime ?? item.createTime}
        </Typography.Text>
      </Flex>
    </List.Item>
  );
}

interface Draft {
  id?: string;
  rowVersion?: number;
  templateId?: string;
  title: string;
  content: string;
  userIds: string[];
}

const EMPTY: Draft = { title: '', content: '', userIds: [] };

function HistoryDialog({ draft, onClose, onRestored }: { draft: Draft; onClose: () => void; onRestored: (item: MessageItem) => void }) {
  const m = useMessages(messagePanelMessages);
  const { message } = App.useApp();
  const { data, isLoading } = useSWR(draft.id ? ['message-history', draft.id] : null, ([, id]) => messageHistory(id));
  const restore = async (version: number) => {
    if (!draft.id || !draft.rowVersion) return;
    const item = await restoreMessageVersion({ id: draft.id, version, rowVersion: draft.rowVersion });
    message.success(m.restored);
    onRestored(item);
  };
  return (
    <Modal
      open
      title={m.historyTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{m.close}</Button>}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 140px)', overflow: 'auto' } }}
      data-testid="message-history"
    >
      {!isLoading && (data ?? []).length === 0 ? (
        <Empty description={m.noHistory} />
      ) : (
        <List
          loading={isLoading}
          dataSource={data ?? []}
          renderItem={(v) => (
            <List.Item
              data-testid="message-version"
              actions={[
                <Popconfirm key="restore" title={m.restoreConfirm} onConfirm={() => restore(v.version)}>
                  <Button size="small">{m.restore}</Button>
                </Popconfirm>,
              ]}
            >
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Space>
                  <Typography.Text strong>{m.version(v.version)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {v.updateUserName} · {v.updateTime}
                  </Typography.Text>
                </Space>
                {v.title && <Typography.Text>{v.title}</Typography.Text>}
                <RichText html={v.content} />
                {v.users && <Typography.Text type="secondary">{`${m.to}：${v.users}`}</Typography.Text>}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

/**
 * 消息 on a resident's detail page (spec 001 §2 "message side panel"; decision 0040): the resident's
 * messages, and a composer — template picker, rich-text editor, recipients, 保存草稿 / 发送, and the
 * draft's 历史版本 with restore. Shown to those granted 居民健康档案; writing needs 发送消息 (message_send).
 */
export function MessagePanel({ archId, personName }: { archId: string; personName: string }) {
  const m = useMessages(messagePanelMessages);
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState(false);
  const canSend = !!grants.message_send;
  const list = useSWR(open ? ['message-list', archId] : null, ([, id]) => listResidentMessages({ archId: id, size: 50 }));
  const templates = useSWR(open && canSend ? 'msgtemp/list-msg-temp-dis' : null, listTemplateChoices);
  const doctors = useSWR(open && canSend ? 'blade-user/listDoctor' : null, listDoctorOptions);

  const fromItem = (item: MessageItem): Draft => ({
    id: item.id,
    rowVersion: item.rowVersion,
    ...(item.templateId && { templateId: item.templateId }),
    title: item.title,
    content: item.content,
    userIds: item.userIds ? item.userIds.split(',') : [],
  });
  const body = () => ({
    archId,
    ...(draft.id && { id: draft.id, rowVersion: draft.rowVersion }),
    ...(draft.templateId && { templateId: draft.templateId }),
    title: draft.title,
    content: cleanHtml(draft.content),
    userIds: draft.userIds,
  });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The request layer has shown the server's message already.
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      if (richTextIsEmpty(cleanHtml(draft.content))) return void message.warning(m.enterContent);
      const item = await saveMessageDraft(body());
      setDraft(fromItem(item));
      message.success(m.saved);
      await list.mutate();
    });
  const send = () =>
    run(async () => {
      if (richTextIsEmpty(cleanHtml(draft.content))) return void message.warning(m.enterContent);
      if (draft.userIds.length === 0) return void message.warning(m.chooseRecipient);
      await sendMessage(body());
      message.success(m.sentOk);
      setDraft(EMPTY);
      await list.mutate();
    });
  const pickTemplate = (id: string | undefined) => {
    const t = templates.data?.find((x) => x.value === id);
    setDraft((d) => ({
      ...d,
      ...(t ? { templateId: t.value, title: t.label, content: cleanHtml(t.content) } : { templateId: undefined }),
    }));
  };

  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="message-panel-open">
        {m.open}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={m.title(personName)}
        width={600}
        data-testid="message-panel"
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          {canSend && (
            <Card
              size="small"
              title={draft.id ? `${m.compose}（${m.draft}）` : m.newMessage}
              extra={
                <Space>
                  <Button type="link" size="small" icon={<HistoryOutlined />} disabled={!draft.id} onClick={() => setHistory(true)}>
                    {m.history}
                  </Button>
                  {draft.id && (
                    <Button type="link" size="small" onClick={() => setDraft(EMPTY)}>
                      {m.newMessage}
                    </Button>
                  )}
                </Space>
              }
            >
              <Form layout="vertical" size="small" component="div">
                <Form.Item label={m.template} style={{ marginBottom: 8 }}>
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    placeholder={m.templatePlaceholder}
                    value={draft.templateId}
                    options={(templates.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
                    onChange={pickTemplate}
                    data-testid="message-template"
                  />
                </Form.Item>
                <Form.Item label={m.subject} style={{ marginBottom: 8 }}>
                  <Input
                    maxLength={100}
                    placeholder={m.subjectPlaceholder}
                    value={draft.title}
                    onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
                  />
                </Form.Item>
                <Form.Item label={m.content} required extra={m.placeholdersHint} style={{ marginBottom: 8 }}>
                  <RichTextEditor value={draft.content} onChange={(content) => setDraft((d) => ({ ...d, content }))} />
                </Form.Item>
                <Form.Item label={m.recipients} required style={{ marginBottom: 12 }}>
                  <Select
                    mode="multiple"
                    allowClear
                    optionFilterProp="label"
                    placeholder={m.recipientsPlaceholder}
                    value={draft.userIds}
                    options={(doctors.data ?? []).map((d) => ({ value: d.id, label: d.realName }))}
                    onChange={(userIds: string[]) => setDraft((d) => ({ ...d, userIds }))}
                    data-testid="message-recipients"
                  />
                </Form.Item>
                <Flex justify="flex-end" gap={8}>
                  <Button onClick={save} loading={busy}>
                    {m.saveDraft}
                  </Button>
                  <Button type="primary" onClick={send} loading={busy} data-testid="message-send">
                    {m.send}
                  </Button>
                </Flex>
              </Form>
            </Card>
          )}
          <Card size="small" title={m.list}>
            <List
              loading={list.isLoading}
              dataSource={list.data?.records ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.empty} /> }}
              renderItem={(item) => <MessageRow item={item} onEdit={(i) => setDraft(fromItem(i))} />}
              data-testid="message-list"
            />
          </Card>
        </Flex>
        {history && draft.id && (
          <HistoryDialog
            draft={draft}
            onClose={() => setHistory(false)}
            onRestored={(item) => {
              setDraft(fromItem(item));
              setHistory(false);
              void list.mutate();
            }}
          />
        )}
      </Drawer>
    </>
  );
}
