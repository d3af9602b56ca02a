import { createContext, useContext } from 'react';
import type { FormRuntime } from './engine-runtime';

export const RuntimeContext = createContext<FormRuntime | null>(null);

export function useRuntime(): FormRuntime | null {
  return useContext(RuntimeContext);
}
