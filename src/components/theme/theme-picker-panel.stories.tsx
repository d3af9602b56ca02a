import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_THEME_COLOR } from '../../shared/config';
import { ThemePickerPanel } from './theme-picker-panel';
import type { ThemeName } from './themes';

function Interactive({ name: initialName, colour: initialColour }: { name: ThemeName; colour: string }) {
  const [choice, setChoice] = useState({ name: initialName, colour: initialColour });
  return <ThemePickerPanel name={choice.name} colour={choice.colour} onChange={(next) => setChoice((c) => ({ ...c, ...next }))} />;
}

const meta: Meta<typeof Interactive> = {
  title: 'components/ThemePickerPanel',
  component: Interactive,
  args: { name: 'default', colour: DEFAULT_THEME_COLOR },
};
export default meta;

type Story = StoryObj<typeof Interactive>;

export const Default: Story = {};

/** The lte theme paints the header in the theme colour; here a green one. */
export const LteGreen: Story = { args: { name: 'lte', colour: '#2e8b57' } };
