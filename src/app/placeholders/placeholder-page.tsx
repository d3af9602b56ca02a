import { Result, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useLang } from '../../shared/i18n/i18n-context';
import { placeholderTexts, routeNames, type PlaceholderKey } from '../route-messages';
import { findRoute } from '../route-table';

const messages = defineMessages(
  { coming: '此页面将在后续版本中提供', path: '页面地址' },
  { coming: 'This screen arrives in a later version', path: 'Address' },
);

const hasPlaceholder = (key: string): key is PlaceholderKey => key in placeholderTexts.zh;

/**
 * Stands in for a screen that later work builds (issue 3: never a blank page): names the page
 * and says what it will hold.
 */
export function PlaceholderPage() {
  const { lang } = useLang();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const m = messages[lang];
  const title = route ? routeNames[lang][route.titleKey] : pathname;
  const text = route && hasPlaceholder(route.titleKey) ? placeholderTexts[lang][route.titleKey] : m.coming;
  return (
    <Result
      status="info"
      title={title}
      subTitle={m.coming}
      data-placeholder={pathname}
      extra={
        <Typography.Paragraph style={{ maxWidth: 560, margin: '0 auto' }}>
          {text}
          <br />
          <Typography.Text type="secondary">
            {m.path}: <Typography.Text code>{pathname}</Typography.Text>
          </Typography.Text>
        </Typography.Paragraph>
      }
    />
  );
}
