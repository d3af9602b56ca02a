import type { ReactNode } from 'react';
import { Input, Select, Space } from 'antd';

/** A maternal or child case's states (iph_user_archives_other.status). */
export const CASE_STATUS_OPTIONS = [
  { value: '1', label: '在管' },
  { value: '2', label: '结案' },
  { value: '3', label: '已注销' },
];

export interface CaseFiltersProps {
  keyword?: string;
  status?: string;
  /** One filter changed; '' or undefined clears it. */
  onFilter: (key: 'keyword' | 'status', value: string | undefined) => void;
  /** The list's own further filters, after the two shared ones. */
  children?: ReactNode;
}

/** The case lists' filter bar (孕产妇管理, 儿童档案): name or ID, the case's state, then the list's own. */
export function CaseFilters({ keyword, status, onFilter, children }: CaseFiltersProps) {
  return (
    <Space wrap>
      <Input.Search
        placeholder="姓名/身份证号"
        allowClear
        defaultValue={keyword}
        onSearch={(v) => onFilter('keyword', v.trim())}
        style={{ width: 220 }}
      />
      <Select
        placeholder="状态"
        allowClear
        style={{ width: 120 }}
        value={status}
        onChange={(v?: string) => onFilter('status', v)}
        options={CASE_STATUS_OPTIONS}
      />
      {children}
    </Space>
  );
}
