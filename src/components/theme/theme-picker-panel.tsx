import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Flex, theme, Typography } from 'antd';
import { DEFAULT_THEME_COLOR } from '../../shared/config';
import { defineMessages } from '../../shared/i18n/define-messages';
import { useMessages } from '../../shared/i18n/i18n-context';
import { colourShades, headerBackground, THEME_NAMES, themeLook, type ThemeName } from './themes';

const messages = defineMessages(
  {
    themes: '主题',
    colour: '主题色',
    shades: '色阶',
    default: '默认主题',
    white: '白色主题',
    dark: '黑色主题',
    colourful: '炫彩主题',
    smart: '智能主题',
    iview: 'iView 主题',
    vip: 'VIP 主题',
    cool: '酷炫主题',
    d2: 'D2 主题',
    hey: 'Hey 主题',
    lte: 'LTE 主题',
  },
  {
    themes: 'Themes',
    colour: 'Theme colour',
    shades: 'Shades',
    default: 'Default',
    white: 'White',
    dark: 'Dark',
    colourful: 'Colourful',
    smart: 'Smart',
    iview: 'iView',
    vip: 'VIP',
    cool: 'Cool',
    d2: 'D2',
    hey: 'Hey',
    lte: 'LTE',
  },
);

export interface ThemePickerPanelProps {
  name: ThemeName;
  colour: string;
  onChange: (next: { name?: ThemeName; colour?: string }) => void;
}

/** The theme dialog's body: the 11 themes as small previews, a colour picker and its 10 shades. */
export function ThemePickerPanel({ name, colour, onChange }: ThemePickerPanelProps) {
  const m = useMessages(messages);
  const { token } = theme.useToken();
  const shades = colourShades(colour);
  return (
    <Flex vertical gap={16}>
      <Typography.Text strong>{m.themes}</Typography.Text>
      <Flex wrap gap={12} role="radiogroup" aria-label={m.themes}>
        {THEME_NAMES.map((t) => {
          const look = themeLook(t);
          const chosen = t === name;
          return (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-label={m[t]}
              data-theme={t}
              onClick={() => onChange({ name: t })}
              style={{
                width: 96,
                padding: 4,
                border: `2px solid ${chosen ? colour : token.colorBorder}`,
                borderRadius: 6,
                background: token.colorBgContainer,
                color: token.colorText,
                cursor: 'pointer',
              }}
            >
              <div style={{ display: 'flex', height: 48, borderRadius: 3, overflow: 'hidden', position: 'relative' }}>
                <div style={{ width: 24, background: look.siderBg, borderRight: '1px solid #eee' }} />
                <div style={{ flex: 1, background: look.algorithm === 'dark' ? '#000' : '#f0f2f5' }}>
                  <div style={{ height: 12, background: headerBackground(look, colour), borderBottom: '1px solid #eee' }} />
                </div>
                {chosen && <CheckOutlined style={{ position: 'absolute', right: 4, bottom: 4, color: colour }} />}
              </div>
              <div style={{ fontSize: 12, marginTop: 4 }}>{m[t]}</div>
            </button>
          );
        })}
      </Flex>
      <Flex align="center" gap={12}>
        <Typography.Text strong>{m.colour}</Typography.Text>
        <ColorPicker
          value={colour}
          defaultValue={DEFAULT_THEME_COLOR}
          disabledAlpha
          showText
          onChangeComplete={(c) => onChange({ colour: c.toHexString() })}
          presets={[{ label: m.shades, colors: shades }]}
        />
      </Flex>
      <Flex align="center" gap={6} aria-label={m.shades}>
        <Typography.Text type="secondary" style={{ marginRight: 6 }}>
          {m.shades}
        </Typography.Text>
        {shades.map((s) => (
          <button
            key={s}
            type="button"
            title={s}
            aria-label={s}
            onClick={() => onChange({ colour: s })}
            style={{
              width: 22,
              height: 22,
              border: s === colour.toLowerCase() ? `2px solid ${token.colorText}` : `1px solid ${token.colorBorder}`,
              borderRadius: 3,
              background: s,
              cursor: 'pointer',
              padding: 0,
            }}
          />
        ))}
      </Flex>
    </Flex>
  );
}
