import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Result, Spin, Space, Tag } from 'antd';
import useSWR from 'swr';
import { getOldArchivesData } from '../../api/elderly-archive';
import { useMessages } from '../../shared/i18n/i18n-context';
import type { ArchivePageProps } from './archive-pages';
import { elderlyMessages } from './elderly-messages';

/** The forms the page summarises (schemas/oldpeopleselfcare.json, schemas/oldpeoplemedicine.json). */
export const SELF_CARE_FORM = 'oldpeopleselfcare';
export const TCM_FORM = 'oldpeoplemedicine';
export const ELDERLY_FORMS: readonly string[] = [SELF_CARE_FORM, TCM_FORM];

/** living_skills: 可自理 … 不能自理, coloured by how much help the resident needs. */
const GRADE_COLORS: Readonly<Record<string, string>> = { '1': 'green', '2': 'gold', '3': 'orange', '4': 'red' };

function SummaryCard({ title, testId, action, children }: { title: string; testId: string; action: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} extra={action} data-testid={testId} style={{ flex: '1 1 380px', minWidth: 0 }}>
      {children}
    </Card>
  );
}

/**
 * 老年人档案 (spec 001 §2 "old-people archives"): the resident's latest self-care grade and TCM
 * constitution with their dates (userfollowup/get-old-archives-data), each with a link to its form.
 */
export function ElderlyArchivePage({ archId, openPage }: ArchivePageProps) {
  const m = useMessages(elderlyMessages);
  const { data, error, isLoading } = useSWR(['userfollowup/get-old-archives-data', archId], ([, id]) => getOldArchivesData(id), {
    revalidateOnFocus: false,
  });
  if (error) return <Result status="error" title={m.failed} subTitle={error instanceof Error ? error.message : String(error)} />;
  if (isLoading || !data)
    return (
      <Spin style={{ display: 'block', margin: 48 }} tip={m.loading}>
        <div />
      </Spin>
    );
  const { selfCare, tcm } = data;
  const link = (code: string, text: string) => (
    <Button type="link" onClick={() => openPage(code)}>
      {text}
    </Button>
  );
  return (
    <Flex gap={16} wrap style={{ margin: 16 }} data-testid="elderly-archive">
      <SummaryCard title={m.selfCareTitle} testId="elderly-self-care" action={link(SELF_CARE_FORM, m.openSelfCare)}>
        {selfCare ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={m.grade}>
              {selfCare.gradeName ? <Tag color={GRADE_COLORS[selfCare.grade ?? ''] ?? 'default'}>{selfCare.gradeName}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={m.totalScore}>
              {selfCare.totalScore !== null ? m.scorePoints(selfCare.totalScore) : ''}
            </Descriptions.Item>
            <Descriptions.Item label={m.assessedOn}>{selfCare.visitDate}</Descriptions.Item>
            <Descriptions.Item label={m.nextOn}>{selfCare.nextVisitDate}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={m.notAssessed} />
        )}
      </SummaryCard>
      <SummaryCard title={m.tcmTitle} testId="elderly-tcm" action={link(TCM_FORM, m.openTcm)}>
        {tcm ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={m.constitution}>
              {tcm.constitutionNames.length > 0 ? (
                <Space size={[0, 4]} wrap>
                  {tcm.constitutionNames.map((name) => (
                    <Tag key={name} color="blue">
                      {name}
                    </Tag>
                  ))}
                </Space>
              ) : (
                m.noConstitution
              )}
            </Descriptions.Item>
            <Descriptions.Item label={m.assessedOn}>{tcm.visitDate}</Descriptions.Item>
            <Descriptions.Item label={m.nextOn}>{tcm.nextVisitDate}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={m.notAssessed} />
        )}
      </SummaryCard>
    </Flex>
  );
}
