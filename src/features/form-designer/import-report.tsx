import { Alert, Button, Descriptions, Flex, Modal, Table, Tag, Typography } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import type { ImportedDictionary, ImportResult } from './designer-api';
import { designerMessages } from './designer-messages';

export interface ImportReportProps {
  result: ImportResult;
  /** 打开设计: the imported form in the editor. */
  onOpen: (row: Pick<ImportResult, 'id' | 'formName'>) => void;
  onClose: () => void;
}

const STATE_COLOURS: Record<ImportedDictionary['state'], string> = { tenant: 'green', files: 'blue', missing: 'red' };

/**
 * What form/import read and found, before the administrator leaves: the counts, each dictionary the
 * form names (已有 / 随文件新建 / 缺少, with new items and labels that differ from the tenant's), the
 * placement, and what publish would say.
 */
export function ImportReport({ result, onOpen, onClose }: ImportReportProps) {
  const m = useMessages(designerMessages);
  return (
    <Modal
      open
      title={`${m.importResultTitle}: ${result.formCode} ${result.formName}`}
      onCancel={onClose}
      width={720}
      maskClosable={false}
      footer={[
        <Button key="close" onClick={onClose}>
          {m.close}
        </Button>,
        <Button key="open" type="primary" onClick={() => onOpen(result)}>
          {m.importOpen}
        </Button>,
      ]}
    >
      <div data-testid="import-report">
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label={m.formCode}>{result.formCode}</Descriptions.Item>
          <Descriptions.Item label={m.importContent}>
            <span data-testid="import-counts">{m.importCounts(result.fieldCount, result.ruleCount, result.caseCount)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={m.importPlacement}>
            {result.hasPlacement ? (
              <Typography.Text>{m.importPlacementYes}</Typography.Text>
            ) : (
              <Typography.Text type="warning" data-testid="import-no-placement">
                {m.importPlacementNo}
              </Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5}>{m.importDictionaries}</Typography.Title>
        {result.dictionaries.length === 0 ? (
          <Typography.Paragraph type="secondary">{m.importNoDictionaries}</Typography.Paragraph>
        ) : (
          <Table<ImportedDictionary>
            size="small"
            rowKey="code"
            pagination={false}
            style={{ marginBottom: 12 }}
            dataSource={result.dictionaries}
            columns={[
              { title: m.dictionaryCode, dataIndex: 'code', width: 180 },
              {
                title: m.importDictionaryState,
                dataIndex: 'state',
                width: 120,
                render: (s: ImportedDictionary['state']) => (
                  <Tag color={STATE_COLOURS[s]} data-state={s}>
                    {m.importState(s)}
                  </Tag>
                ),
              },
              {
                title: m.dictionaryItems,
                key: 'items',
                render: (_: unknown, d) => (
                  <Flex vertical gap={2}>
                    {d.newItems > 0 && <span>{m.importNewItems(d.newItems)}</span>}
                    {d.labelDifferences.length > 0 && (
                      <span>
                        <Typography.Text type="warning">{m.importLabelDifferences}: </Typography.Text>
                        {d.labelDifferences.join('; ')}
                      </span>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
        <Typography.Title level={5}>{m.importProblems}</Typography.Title>
        {result.problems.length === 0 ? (
          <Alert type="success" showIcon message={m.importProblemsNone} />
        ) : (
          <Flex vertical gap={4} data-testid="import-problems">
            {result.problems.map((p, i) => (
              <Alert key={i} type={p.severity} showIcon message={p.text} />
            ))}
          </Flex>
        )}
      </div>
    </Modal>
  );
}
