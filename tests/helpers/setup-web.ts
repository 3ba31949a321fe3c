import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { guardConsole } from './console-guard.ts';

afterEach(() => cleanup());
guardConsole(['error', 'warn']);
