import { Segmented } from 'antd';
import { commonMessages } from '../shared/i18n/common-messages';
import { type Lang } from '../shared/i18n/define-messages';
import { useLang, useMessages } from '../shared/i18n/i18n-context';

/** zh / en switch; the choice is persisted by the i18n provider. */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' | 'large' }) {
  const { lang, setLang } = useLang();
  const m = useMessages(commonMessages);
  return (
    <Segmented<Lang>
      aria-label={m.language}
      size={size}
      value={lang}
      onChange={setLang}
      options={[
        { label: m.langZh, value: 'zh' },
        { label: m.langEn, value: 'en' },
      ]}
    />
  );
}
