import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { antdTheme, colourShades, THEME_NAMES } from './themes';

describe('themes', () => {
  it('offers the 11 themes of the spec', () => {
    expect(THEME_NAMES).toEqual(['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
  });

  it('uses the chosen colour as antd primary, #409EFF when the colour is not a hex colour', () => {
    expect(antdTheme('default', '#409EFF').token?.colorPrimary).toBe('#409EFF');
    expect(antdTheme('white', '#ff0000').token?.colorPrimary).toBe('#ff0000');
    expect(antdTheme('white', 'red').token?.colorPrimary).toBe('#409EFF');
  });

  it('switches antd to its dark algorithm for the dark theme only', () => {
    expect(antdTheme('dark', '#409EFF').algorithm).toBe(theme.darkAlgorithm);
    expect(antdTheme('default', '#409EFF').algorithm).toBe(theme.defaultAlgorithm);
  });

  it('paints the header in the theme colour for lte', () => {
    expect(antdTheme('lte', '#123456').components?.Layout?.headerBg).toBe('#123456');
    expect(antdTheme('default', '#123456').components?.Layout?.headerBg).toBe('#ffffff');
  });
});

describe('colour shades', () => {
  it('makes 10 shades, lightest first, with the colour itself sixth', () => {
    const shades = colourShades('#409EFF');
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('#409eff');
    expect(shades[0]).toBe('#ecf5ff');
    expect(shades[9]).toBe('#1a3f66');
    const brightness = (hex: string) =>
      Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16) + Number.parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < shades.length; i += 1) expect(brightness(shades[i]!)).toBeLessThan(brightness(shades[i - 1]!));
  });

  it('falls back to the default colour for anything that is not #rrggbb', () => {
    expect(colourShades('blue')[5]).toBe('#409eff');
  });
});
