import type { Preview } from '@storybook/react-vite';
import { UiProviders } from '../src/components/ui-providers';
import { isLang } from '../src/shared/i18n/define-messages';

/** Every story sees the app's language and antd configuration; the toolbar switches zh / en. */
const preview: Preview = {
  globalTypes: {
    lang: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        items: [
          { value: 'zh', title: '中文' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { lang: 'zh' },
  decorators: [
    (Story, context) => {
      const lang = isLang(context.globals.lang) ? context.globals.lang : 'zh';
      // key: the provider reads its initial language once; remount when the toolbar changes it.
      return (
        <UiProviders key={lang} lang={lang}>
          <Story />
        </UiProviders>
      );
    },
  ],
};

export default preview;
