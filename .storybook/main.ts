import type { StorybookConfig } from '@storybook/react-vite';

// Written by hand: `storybook init` fetches a CLI version the registry here does not have.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: [],
  core: { disableTelemetry: true },
};

export default config;
