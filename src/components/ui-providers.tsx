import { type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type Lang } from '../shared/i18n/define-messages';
import { I18nProvider, useLang } from '../shared/i18n/i18n-context';

/** The spec's theme colour (§9) and its "small size default". */
const THEME = { token: { colorPrimary: '#409EFF' } };

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { lang } = useLang();
  // dayjs drives antd's date pickers: keep its locale in step with antd's.
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={THEME} componentSize="small">
      {/* AntApp gives message/modal hooks that follow this ConfigProvider (static calls would not). */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Language + antd configuration: shared by the app, the tests and Storybook. */
export function UiProviders({ children, lang }: { children: ReactNode; lang?: Lang }) {
  return (
    <I18nProvider initialLang={lang}>
      <LocalizedAntd>{children}</LocalizedAntd>
    </I18nProvider>
  );
}
