import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import type { FollowupRecord, FormValuesMap } from '../../api/followups';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * How a 新生儿登记 record is named in its list: a mother may register twins on the same day, so the
 * day the record was made tells them apart from nothing; the baby's name and its 出生日期 / 登记日期
 * (the form's own fields) do.
 */
export function newbornRecordWords(values: FormValuesMap): { name: string; dates: string[] } {
  const birth = text(values.birthDate);
  const registered = text(values.registerDate);
  // One line each: the list column is narrow, and a date must not break across lines.
  const dates = [birth && `出生 ${birth}`, registered && `登记 ${registered}`].filter(Boolean);
  return { name: text(values.babyName) || '新生儿（未填姓名）', dates };
}

function NewbornLabel({ record }: { record: FollowupRecord }) {
  const { name, dates } = newbornRecordWords(record.values);
  return (
    <Flex vertical data-testid="newborn-record-label">
      <Typography.Text strong>{name}</Typography.Text>
      {dates.map((line) => (
        <Typography.Text key={line} type="secondary" style={{ fontSize: 12 }}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** What names a record in a maternal form's list, for the forms whose records are not visits (by code). */
export const MATERNAL_RECORD_LABELS: Readonly<Record<string, (record: FollowupRecord) => ReactNode>> = {
  maternalnewborn: (record) => <NewbornLabel record={record} />,
};
