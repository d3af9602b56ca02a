import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { UiProviders } from '../../components/ui-providers';

/** The app's providers around a component under test, with a fresh SWR cache per test. */
export function renderWithUi(ui: ReactElement): RenderResult {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProviders lang="zh">{ui}</UiProviders>
    </SWRConfig>,
  );
}

/** The clock the tests pin: after every visit date the cases use. */
export const TEST_NOW = () => new Date('2024-06-15T09:00:00');

// The unit project runs without vitest globals, so Testing Library cannot unmount by itself.
afterEach(cleanup);
