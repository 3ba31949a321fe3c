import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@/config/runtime-config';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('RuntimeConfigContext is missing');
  return config;
}
