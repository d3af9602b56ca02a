import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { UiProviders } from '../components/ui-providers';
import { RequestBridge } from './request-bridge';
import { createAppRouter } from './router';

/**
 * SWR: the request layer already toasts failures, so SWR must not retry them in a loop, and
 * focus revalidation would re-fire every call each time a user comes back from another window.
 */
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false };

export function AppRoot() {
  const [router] = useState(createAppRouter);
  return (
    <UiProviders>
      <SWRConfig value={SWR_OPTIONS}>
        <RequestBridge />
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>
  );
}
