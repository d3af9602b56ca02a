import { useRef, useState } from 'react';
import { Select } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { searchResidents } from './child-api';

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The resident chosen, with what the archive says (birth date, sex) to fill the filing. */
  onPick?: (resident: ArchiveRecord | undefined) => void;
  placeholder: string;
  testId: string;
}

/** A resident by name, searched in 居民健康档案 as the doctor types (the latest answer wins). */
export function ResidentSelect({ value, onChange, onPick, placeholder, testId }: Props) {
  const [options, setOptions] = useState<ArchiveRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const search = (name: string) => {
    const text = name.trim();
    if (!text) return;
    const ticket = ++latest.current;
    setLoading(true);
    searchResidents(text)
      .then((rows) => ticket === latest.current && setOptions(rows))
      .catch(() => ticket === latest.current && setOptions([]))
      .finally(() => ticket === latest.current && setLoading(false));
  };
  return (
    <Select
      showSearch
      allowClear
      data-testid={testId}
      value={value}
      placeholder={placeholder}
      filterOption={false}
      loading={loading}
      onSearch={search}
      notFoundContent={loading ? '查询中…' : '输入姓名查询居民档案'}
      onChange={(id?: string) => {
        onChange?.(id);
        onPick?.(options.find((o) => o.id === id));
      }}
      options={options.map((r) => ({
        value: r.id,
        label: `${r.personName}（${r.sex === '2' ? '女' : r.sex === '1' ? '男' : '未知'}，${String(r.birthday ?? '').slice(0, 10) || '出生日期未填'}）`,
      }))}
    />
  );
}
