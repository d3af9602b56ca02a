import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMessages } from '../../shared/i18n/i18n-context';
import { crudMessages } from './crud-messages';
import { searchColumns } from './crud-search';
import type { CrudColumn, CrudDateRange } from './crud-types';

export type SearchValues = Record<string, unknown> & { __dateRange?: [Dayjs | null, Dayjs | null] | null };

interface Props<T> {
  /** Prefix of the fields' ids, so two tables on one screen keep distinct labels. */
  name: string;
  columns: CrudColumn<T>[];
  dateRange?: CrudDateRange;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
}

/** The search area: one control per searchable column, in search order, plus the date range. */
export function CrudSearchArea<T>({ name, columns, dateRange, onSearch, onReset }: Props<T>) {
  const m = useMessages(crudMessages);
  const [form] = Form.useForm<SearchValues>();
  const fields = searchColumns(columns);
  if (fields.length === 0 && !dateRange) return null;

  const control = (column: CrudColumn<T>) => {
    const { ways, input, placeholder } = column.search!;
    const numeric = input === 'number';
    if (ways === 9) return <Checkbox aria-label={column.label}>{m.isEmpty}</Checkbox>;
    if (ways === 8) {
      const Part = numeric ? InputNumber : Input;
      return (
        <Space.Compact>
          <Form.Item name={[column.prop as string, 0]} noStyle>
            <Part aria-label={`${column.label}${m.rangeFrom}`} placeholder={m.rangeFrom} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name={[column.prop as string, 1]} noStyle>
            <Part aria-label={`${column.label}${m.rangeTo}`} placeholder={m.rangeTo} style={{ width: 90 }} />
          </Form.Item>
        </Space.Compact>
      );
    }
    if (column.options || input === 'select') {
      const multiple = ways === 6 || ways === 7;
      return (
        <Select
          allowClear
          mode={multiple ? 'multiple' : undefined}
          options={column.options}
          placeholder={placeholder ?? m.pleaseSelect(column.label)}
          style={{ minWidth: 160 }}
        />
      );
    }
    if (numeric)
      return <InputNumber aria-label={column.label} placeholder={placeholder ?? m.pleaseEnter(column.label)} style={{ width: 140 }} />;
    return <Input aria-label={column.label} allowClear placeholder={placeholder ?? m.pleaseEnter(column.label)} style={{ width: 160 }} />;
  };

  return (
    <Form
      form={form}
      name={`${name}_search`}
      layout="inline"
      className="crud-search"
      onFinish={onSearch}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {fields.map((column) => (
        <Form.Item
          key={column.prop}
          label={column.label}
          name={column.search!.ways === 8 ? undefined : (column.prop as string)}
          valuePropName={column.search!.ways === 9 ? 'checked' : 'value'}
        >
          {control(column)}
        </Form.Item>
      ))}
      {dateRange && (
        <Form.Item label={dateRange.label} name="__dateRange">
          <DatePicker.RangePicker
            aria-label={dateRange.label}
            placeholder={[m.dateFrom, m.dateTo]}
            format="YYYY-MM-DD"
            allowEmpty={[true, true]}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {m.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {m.reset}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
