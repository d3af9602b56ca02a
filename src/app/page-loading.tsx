import { Flex, Spin, theme } from 'antd';
import { defineMessages } from '../shared/i18n/define-messages';
import { useMessages } from '../shared/i18n/i18n-context';

const loadingMessages = defineMessages({ loading: '页面加载中…' }, { loading: 'Loading page…' });

/**
 * Shown while a lazily loaded screen's code downloads (lazy-screens.tsx): a spinner with words
 * instead of a blank area. `fill` covers the whole window (a layout or a page of its own is
 * loading); otherwise it fills the content area the page will occupy, inside the shell.
 */
export function PageLoading({ fill = false }: { fill?: boolean }) {
  const m = useMessages(loadingMessages);
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ height: fill ? '100vh' : '100%', minHeight: 240 }}
      data-testid="page-loading"
      role="status"
    >
      <Spin size="large" />
      <span style={{ color: token.colorTextSecondary }}>{m.loading}</span>
    </Flex>
  );
}
