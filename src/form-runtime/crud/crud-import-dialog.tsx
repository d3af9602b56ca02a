import { useState } from 'react';
import { App, Button, Form, Modal, Radio, Table, Upload, type UploadFile } from 'antd';
import { downloadFile } from '../../api/file-download';
import { request, RequestError } from '../../api/request';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CRUD_DOCUMENT_TEXT, crudDocumentMessages } from './crud-document-messages';

/** One row of the import log (spec 002 §3): its status and its content. */
export interface ImportLogRow {
  msg: string;
  data: string;
}

interface Props {
  open: boolean;
  /** The upload url (multipart: `file` and the cover-existing flag). */
  url: string;
  coverParam: string;
  /** Whether to ask 是否覆盖 (false: the server replaces by its own key, e.g. a report's 检验单号). */
  askCover?: boolean;
  templateUrl?: string;
  onClose: () => void;
  /** After a successful import: the list reloads. */
  onImported: () => void;
}

const EXCEL = /\.(xls|xlsx)$/i;

/** The rows of a failed import's answer: a list of {msg, data}, as BladeX's import log has them. */
export function importLogRows(body: unknown): ImportLogRow[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { records?: unknown })?.records)
      ? (data as { records: unknown[] }).records
      : [];
  const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  // A file refused whole with each line's problem ({problems: [{line, msg}]}, the measurement import): one row a line.
  const problems = (data as { problems?: unknown } | undefined)?.problems;
  if (Array.isArray(problems) && problems.length > 0)
    return problems.map((p) => ({ msg: text((p as { msg?: unknown }).msg), data: `第${text((p as { line?: unknown }).line)}行` }));
  const rows = list.map((r) => ({ msg: text((r as ImportLogRow).msg), data: text((r as ImportLogRow).data) }));
  if (rows.length === 0) rows.push({ msg: text((body as { msg?: unknown } | undefined)?.msg), data: '' });
  return rows;
}

/**
 * The import dialog of spec 002 §2: 555 px, the cover-existing choice (required: 请选择是否覆盖), one
 * xls/xlsx file. Code 200 → 导入成功; any other answer opens the import log window listing its rows
 * as status (msg) and content (data).
 */
export function CrudImportDialog({ open, url, coverParam, askCover = true, templateUrl, onClose, onImported }: Props) {
  const m = useMessages(crudDocumentMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ cover?: number; file?: UploadFile[] }>();
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<ImportLogRow[]>();
  const [fetchingTemplate, setFetchingTemplate] = useState(false);

  // Through the request client, not a link: the template route needs the session's Blade-Auth (issue 17).
  const downloadTemplate = async (from: string) => {
    setFetchingTemplate(true);
    try {
      await downloadFile(from, `${m.template}.xlsx`);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setFetchingTemplate(false);
    }
  };

  const submit = async (values: { cover?: number; file?: UploadFile[] }) => {
    const file = values.file?.[0]?.originFileObj;
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    if (askCover) body.append(coverParam, String(values.cover));
    setBusy(true);
    try {
      const params = askCover ? { [coverParam]: values.cover } : {};
      const res = await request.post<{ code?: number; msg?: string }>(url, body, { params, meta: { silent: true } });
      if (res.data?.code === 200) {
        // A server that counts what it imported says so (导入成功：3份报告…); others get the plain 导入成功.
        const said = res.data.msg ?? '';
        message.success(said.startsWith(CRUD_DOCUMENT_TEXT.imported) ? said : CRUD_DOCUMENT_TEXT.imported);
        form.resetFields();
        onImported();
        onClose();
      } else setLog(importLogRows(res.data));
    } catch (e) {
      setLog(importLogRows(e instanceof RequestError ? e.body : undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={m.importTitle}
        width={555}
        maskClosable={false}
        okText={m.upload}
        cancelText={m.cancel}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form form={form} name="crud_import" labelCol={{ span: 6 }} onFinish={(v) => void submit(v)} preserve={false}>
          {askCover && (
            <Form.Item name="cover" label={m.cover} rules={[{ required: true, message: CRUD_DOCUMENT_TEXT.chooseCover }]}>
              <Radio.Group
                options={[
                  { value: 1, label: m.yes },
                  { value: 0, label: m.no },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item
            name="file"
            label={m.file}
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            rules={[{ required: true, message: CRUD_DOCUMENT_TEXT.chooseFile }]}
            extra={m.fileHint}
          >
            <Upload
              accept=".xls,.xlsx"
              maxCount={1}
              beforeUpload={(file) => {
                if (!EXCEL.test(file.name)) {
                  message.error(CRUD_DOCUMENT_TEXT.badFileType);
                  return Upload.LIST_IGNORE;
                }
                return false; // sent with the form, not on choosing
              }}
            >
              <Button>{m.pickFile}</Button>
            </Upload>
          </Form.Item>
          {templateUrl && (
            <Form.Item label={m.template}>
              <Button type="link" loading={fetchingTemplate} onClick={() => void downloadTemplate(templateUrl)}>
                {m.template}
              </Button>
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal open={!!log} title={m.logTitle} width={800} footer={null} onCancel={() => setLog(undefined)} destroyOnHidden>
        <Table<ImportLogRow & { key: number }>
          size="small"
          bordered
          pagination={false}
          dataSource={(log ?? []).map((r, key) => ({ ...r, key }))}
          columns={[
            { key: 'msg', title: m.logStatus, dataIndex: 'msg', width: 240 },
            { key: 'data', title: m.logContent, dataIndex: 'data' },
          ]}
        />
      </Modal>
    </>
  );
}
