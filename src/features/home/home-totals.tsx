import { Card, Col, Row, Statistic } from 'antd';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { getHomeTotals } from '../../api/task-centre';
import { useMessages } from '../../shared/i18n/i18n-context';
import { TASK_CENTRE_PATH } from '../../shared/task-centre-return';
import { homeMessages } from './home-messages';

/**
 * The task centre's numbers on the home page (userinfomain/get-home-page-total): the caller's
 * follow-ups overdue, due soon and due this period, and open doctor tasks; each opens its tab.
 * A role without them (the call refused) sees no card.
 */
export function HomeTotals() {
  const m = useMessages(homeMessages);
  const navigate = useNavigate();
  const { data } = useSWR('userinfomain/get-home-page-total', getHomeTotals, { shouldRetryOnError: false });
  if (!data) return null;
  const tiles = [
    { key: 'overdue', title: m.overdue, value: data.overdue, color: '#cf1322' },
    { key: 'soon', title: m.soon, value: data.soon, color: '#d46b08' },
    { key: 'period', title: m.period, value: data.period, color: '#0958d9' },
    { key: 'doctortask', title: m.doctorTasks, value: data.doctorTasks, color: '#389e0d' },
  ];
  return (
    <Card title={m.taskCentre} style={{ maxWidth: 640, marginTop: 16 }} size="small">
      <Row gutter={16}>
        {tiles.map((t) => (
          <Col span={6} key={t.key}>
            <a
              data-testid={`home-total-${t.key}`}
              onClick={() => navigate(`${TASK_CENTRE_PATH}?tab=${t.key}`)}
              style={{ display: 'block', color: 'inherit' }}
            >
              <Statistic title={t.title} value={t.value} valueStyle={{ color: t.color }} />
            </a>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
