import { Button, Form, Input, Space } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';

export interface ArchiveSearchValues {
  personName?: string;
  archivesNo?: string;
  idCard?: string;
}

/** Search by name, archive number and ID number (issue 6 "Screens"). */
export function ArchiveSearchForm({ onSearch }: { onSearch: (values: ArchiveSearchValues) => void }) {
  const m = useMessages(archiveMessages);
  const [form] = Form.useForm<ArchiveSearchValues>();
  return (
    <Form form={form} name="archive-search" layout="inline" onFinish={onSearch} style={{ rowGap: 8 }}>
      <Form.Item name="personName" label={m.personName}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="archivesNo" label={m.archivesNo}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="idCard" label={m.idCard}>
        <Input allowClear style={{ width: 200 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {m.search}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {m.reset}
        </Button>
      </Space>
    </Form>
  );
}
