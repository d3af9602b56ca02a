import { theme as antTheme, type ThemeConfig } from 'antd';
import { DEFAULT_THEME_COLOR } from '../../shared/config';

/** The 11 themes of spec 000 §2, in the order the picker shows them. */
export const THEME_NAMES = ['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (THEME_NAMES as readonly string[]).includes(v);

/** What a theme changes: the frame colours of the shell and antd's algorithm and corners. */
export interface ThemeLook {
  siderBg: string;
  /** Menu theme of the sidebar: its text must stay readable on siderBg. */
  siderMenu: 'dark' | 'light';
  /** 'primary' paints the header in the theme colour (lte, colourful). */
  headerBg: string;
  headerText: 'dark' | 'light';
  algorithm: 'default' | 'dark' | 'compact';
  borderRadius: number;
}

const LOOKS: Record<ThemeName, ThemeLook> = {
  default: { siderBg: '#20222a', siderMenu: 'dark', headerBg: '#ffffff', headerText: 'dark', algorithm: 'default', borderRadius: 6 },
  white: { siderBg: '#ffffff', siderMenu: 'light', headerBg: '#ffffff', headerText: 'dark', algorithm: 'default', borderRadius: 4 },
  dark: { siderBg: '#141414', siderMenu: 'dark', headerBg: '#1f1f1f', headerText: 'light', algorithm: 'dark', borderRadius: 4 },
  colourful: { siderBg: '#2b2f3a', siderMenu: 'dark', headerBg: 'primary', headerText: 'light', algorithm: 'default', borderRadius: 8 },
  smart: { siderBg: '#2d3a4b', siderMenu: 'dark', headerBg: '#ffffff', headerText: 'dark', algorithm: 'default', borderRadius: 6 },
  iview: { siderBg: '#515a6e', siderMenu: 'dark', headerBg: '#ffffff', headerText: 'dark', algorithm: 'default', borderRadius: 4 },
  vip: { siderBg: '#1d1d1d', siderMenu: 'dark', headerBg: '#2a2a2a', headerText: 'light', algorithm: 'default', borderRadius: 2 },
  cool: { siderBg: '#0b1f3a', siderMenu: 'dark', headerBg: '#0e2a50', headerText: 'light', algorithm: 'default', borderRadius: 6 },
  d2: { siderBg: '#f0f2f5', siderMenu: 'light', headerBg: '#ffffff', headerText: 'dark', algorithm: 'default', borderRadius: 2 },
  hey: { siderBg: '#1f2d3d', siderMenu: 'dark', headerBg: '#ffffff', headerText: 'dark', algorithm: 'compact', borderRadius: 4 },
  lte: { siderBg: '#222d32', siderMenu: 'dark', headerBg: 'primary', headerText: 'light', algorithm: 'default', borderRadius: 0 },
};

export const themeLook = (name: ThemeName): ThemeLook => LOOKS[name];

/** The header's background: a fixed colour, or the theme colour for the themes that ask for it. */
export const headerBackground = (look: ThemeLook, colour: string): string => (look.headerBg === 'primary' ? colour : look.headerBg);

const HEX = /^#([0-9a-f]{6})$/i;

export const isHexColour = (v: unknown): v is string => typeof v === 'string' && HEX.test(v);

function mix(hex: string, other: [number, number, number], weight: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const out = rgb.map((c, i) => Math.round(c * (1 - weight) + (other[i] ?? 0) * weight));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The 10 shades of a theme colour (spec §2 "shades made in 10 steps"), lightest first: five tints
 * towards white, the colour itself sixth (as antd's own palettes), four shades towards black.
 */
export function colourShades(colour: string): string[] {
  const base = isHexColour(colour) ? colour.toLowerCase() : DEFAULT_THEME_COLOR.toLowerCase();
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  return [...[0.9, 0.75, 0.6, 0.4, 0.2].map((w) => mix(base, white, w)), base, ...[0.15, 0.3, 0.45, 0.6].map((w) => mix(base, black, w))];
}

/** antd's theme for a choice: algorithm, primary colour and the layout's frame colours. */
export function antdTheme(name: ThemeName, colour: string): ThemeConfig {
  const look = themeLook(name);
  const algorithm =
    look.algorithm === 'dark'
      ? antTheme.darkAlgorithm
      : look.algorithm === 'compact'
        ? antTheme.compactAlgorithm
        : antTheme.defaultAlgorithm;
  const primary = isHexColour(colour) ? colour : DEFAULT_THEME_COLOR;
  return {
    algorithm,
    token: { colorPrimary: primary, borderRadius: look.borderRadius },
    components: {
      Layout: { siderBg: look.siderBg, headerBg: headerBackground(look, primary), triggerBg: look.siderBg },
      Menu: { darkItemBg: look.siderBg, darkSubMenuItemBg: look.siderBg },
    },
  };
}
