import { useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build: under Vite's production bundling the CommonJS 'antd/locale/*' default import
// arrives wrapped, and antd silently falls back to English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type Lang } from '../shared/i18n/define-messages';
import { I18nProvider, useLang } from '../shared/i18n/i18n-context';
import { ThemeChoiceProvider, useThemeChoice, type ThemeChoice } from './theme/theme-context';
import { antdTheme } from './theme/themes';

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { lang } = useLang();
  // The chosen theme (default: the spec's #409EFF, §9) as antd tokens; "small size default".
  const { name, colour } = useThemeChoice();
  const theme = useMemo(() => antdTheme(name, colour), [name, colour]);
  // dayjs drives antd's date pickers: keep its locale in step with antd's.
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={theme} componentSize="small">
      {/* AntApp gives message/modal hooks that follow this ConfigProvider (static calls would not). */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Language + antd configuration: shared by the app, the tests and Storybook. */
export function UiProviders({ children, lang, theme }: { children: ReactNode; lang?: Lang; theme?: ThemeChoice }) {
  return (
    <I18nProvider initialLang={lang}>
      <ThemeChoiceProvider initial={theme}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </ThemeChoiceProvider>
    </I18nProvider>
  );
}
