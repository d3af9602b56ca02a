import { Card, Descriptions, Empty, Result, Table, Tag } from 'antd';
import useSWR from 'swr';
import { getArchiveFamily, type FamilyMember } from '../../api/families';
import { useMessages } from '../../shared/i18n/i18n-context';
import { familyMessages } from './family-messages';

/** The SWR key of an archive's family. */
export const archiveFamilyKey = (archId: string) => ['userinfomain/family-archives', archId] as const;

/**
 * 家庭成员 (spec 001 §2 the archive's family button / familyspectrum; issue 31): the family the
 * resident belongs to — its number, householder and address — and every member with the relation
 * to the householder, this resident marked. No family: a short note (the spec's warning when no
 * family archive exists).
 */
export function FamilyCard({ archId }: { archId: string }) {
  const m = useMessages(familyMessages);
  const { data, error, isLoading } = useSWR(archiveFamilyKey(archId), ([, id]) => getArchiveFamily(id), { revalidateOnFocus: false });
  const family = data?.family;
  return (
    <Card title={m.title} style={{ margin: 16 }} data-testid="archive-family" loading={isLoading}>
      {error ? (
        <Result status="error" title={m.failed} />
      ) : !family ? (
        <Empty description={m.none} />
      ) : (
        <>
          <Descriptions column={3} size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label={m.familyNo}>{family.familyNo}</Descriptions.Item>
            <Descriptions.Item label={m.householder}>{family.householderName}</Descriptions.Item>
            <Descriptions.Item label={m.address}>{family.address}</Descriptions.Item>
          </Descriptions>
          <Table<FamilyMember>
            size="small"
            rowKey="archId"
            pagination={false}
            dataSource={data.members}
            columns={[
              {
                title: m.name,
                dataIndex: 'personName',
                render: (name: string, row) => (
                  <>
                    {name}
                    {row.archId === archId && <Tag style={{ marginInlineStart: 8 }}>{m.self}</Tag>}
                  </>
                ),
              },
              { title: m.relation, dataIndex: 'relationName', width: 180 },
              { title: m.sex, dataIndex: 'sex', width: 80, render: (sex: string) => (sex === '1' ? m.male : sex === '2' ? m.female : '') },
              { title: m.archivesNo, dataIndex: 'archivesNo', width: 200 },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/** The familyspectrum page of the archive's menu (reached by link): the same card. */
export function FamilyPage({ archId }: { archId: string }) {
  return <FamilyCard archId={archId} />;
}
