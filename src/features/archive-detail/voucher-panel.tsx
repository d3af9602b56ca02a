import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Image, List, Popconfirm, Spin, Typography, Upload, type UploadProps } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import {
  listVouchers,
  pushVouchersToJw,
  removeVouchers,
  saveVouchers,
  uploadVoucherFile,
  VOUCHER_MAX_BYTES,
  type FollowupVoucher,
} from '../../api/vouchers';
import { useButtonGrants } from '../../api/button-permissions';
import { checkUpload, extensionOf } from '../../shared/policies/upload';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif']);
/** What the file chooser offers: the voucher upload policy's types (engine helpers/upload). */
const ACCEPT = 'image/png,image/jpeg,image/gif,application/pdf,.png,.jpg,.jpeg,.gif,.pdf';

const isImage = (v: FollowupVoucher) => IMAGE_EXTENSIONS.has(extensionOf(v.originalName));
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function VoucherItem({
  voucher,
  onRemove,
  onPush,
}: {
  voucher: FollowupVoucher;
  onRemove: (v: FollowupVoucher) => Promise<void>;
  /** 上报基卫, when the role has the button (voucher_push). */
  onPush: ((v: FollowupVoucher) => Promise<void>) | undefined;
}) {
  const m = useMessages(followupMessages);
  return (
    <List.Item
      data-testid="voucher-item"
      actions={[
        ...(onPush
          ? [
              <Popconfirm key="push" title={m.voucherPushConfirm} okText={m.ok} cancelText={m.cancel} onConfirm={() => onPush(voucher)}>
                <Button type="text" size="small" icon={<CloudUploadOutlined />} aria-label={`${m.voucherPush} ${voucher.originalName}`} />
              </Popconfirm>,
            ]
          : []),
        <Popconfirm key="remove" title={m.voucherRemoveConfirm} okText={m.ok} cancelText={m.cancel} onConfirm={() => onRemove(voucher)}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${m.voucherRemove} ${voucher.originalName}`} />
        </Popconfirm>,
      ]}
    >
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        {isImage(voucher) ? (
          <Image src={voucher.link} alt={voucher.originalName} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <FilePdfOutlined aria-label={m.voucherPdf} style={{ fontSize: 32, color: '#d4380d', width: 48, flex: 'none' }} />
        )}
        <Flex vertical style={{ minWidth: 0 }}>
          {/* The oss file route answers inline: images and PDFs open in a new tab, where they can be saved. */}
          <Typography.Link href={voucher.link} target="_blank" rel="noopener noreferrer" ellipsis title={voucher.originalName}>
            {voucher.originalName}
          </Typography.Link>
          {/* Who and when: minutes are enough here; wraps rather than cutting the time off. */}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[voucher.createUserName, voucher.createTime?.slice(0, 16)].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      </Flex>
    </List.Item>
  );
}

/**
 * Tab 3 of the follow-up page's right panel (spec 001 §2, §7 userfollowupvoucher): the vouchers of
 * the saved record — images as thumbnails, each name opening the file — and an upload that sends
 * each chosen file to oss put-file and then saves it to the record. A new record has no id yet:
 * vouchers wait until it is saved.
 */
export function VoucherPanel({ recordId }: { recordId: string | undefined }) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const { data, error, isLoading, mutate } = useSWR(recordId ? ['followup-vouchers', recordId] : null, ([, id]) => listVouchers(id));
  const [uploading, setUploading] = useState(0);
  const { grants } = useButtonGrants();

  if (!recordId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.voucherSaveFirst} />;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!checkUpload({ name: file.name, type: file.type, size: file.size }, 'voucher').ok) {
      void message.error(m.voucherBadType);
      return Upload.LIST_IGNORE;
    }
    if (file.size > VOUCHER_MAX_BYTES) {
      void message.error(m.voucherTooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setUploading((n) => n + 1);
    try {
      const uploaded = await uploadVoucherFile(file as File);
      await saveVouchers(recordId, [uploaded]);
      await mutate();
      void message.success(m.voucherUploaded(uploaded.originalName));
      onSuccess?.(uploaded);
    } catch (e) {
      void message.error(errorText(e));
      onError?.(e instanceof Error ? e : new Error(errorText(e)));
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const push = async (voucher: FollowupVoucher) => {
    try {
      await pushVouchersToJw([voucher.id]);
      void message.success(m.voucherPushed);
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const remove = async (voucher: FollowupVoucher) => {
    try {
      await removeVouchers([voucher.id]);
      await mutate();
      void message.success(m.voucherRemoved);
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <Flex vertical gap={8} data-testid="voucher-panel">
      <Flex vertical gap={4}>
        <Upload accept={ACCEPT} multiple showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={uploading > 0}>
            {m.voucherUpload}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {m.voucherHint}
        </Typography.Text>
      </Flex>
      {error ? (
        <Alert type="error" showIcon message={m.voucherLoadFailed} description={errorText(error)} />
      ) : isLoading || !data ? (
        <Spin style={{ margin: 24 }} />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.voucherEmpty} />
      ) : (
        <Image.PreviewGroup>
          <List
            size="small"
            dataSource={data}
            rowKey="id"
            renderItem={(v) => <VoucherItem voucher={v} onRemove={remove} onPush={grants['voucher_push'] ? push : undefined} />}
          />
        </Image.PreviewGroup>
      )}
    </Flex>
  );
}
