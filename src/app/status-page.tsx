import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { FIRST_PAGE_PATH } from '../shared/config';
import { commonMessages } from '../shared/i18n/common-messages';
import { useMessages } from '../shared/i18n/i18n-context';

const TEXT = { 404: 'notFoundText', 403: 'forbiddenText', 500: 'serverErrorText' } as const;

/** The public /404, /403 and /500 pages. */
export function StatusPage({ status }: { status: 404 | 403 | 500 }) {
  const m = useMessages(commonMessages);
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={m[TEXT[status]]}
      extra={
        <Button type="primary" onClick={() => navigate(FIRST_PAGE_PATH)}>
          {m.backHome}
        </Button>
      }
    />
  );
}
